/**
 * The owner of `rate_limits`: one counter row per key whose window opens at the key's first
 * hit (or first hit after the window ran out) and lasts the rule's seconds.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rateLimits } from '../../db/schema';

/**
 * Counts one hit on each key and returns the counts in the keys' current windows. Each key
 * is one upsert, and the upserts run as one D1 batch (a transaction), so concurrent hits
 * can't both slip under a limit.
 */
export async function hitCounters(db: Database, keys: string[], windowSeconds: number, nowSeconds: number): Promise<number[]> {
  if (keys.length === 0) return [];
  const expired = sql`${rateLimits.windowStart} <= ${nowSeconds - windowSeconds}`;
  const upserts = keys.map((key) =>
    db
      .insert(rateLimits)
      .values({ key, windowStart: nowSeconds, count: 1 })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
          windowStart: sql`CASE WHEN ${expired} THEN ${nowSeconds} ELSE ${rateLimits.windowStart} END`,
        },
      })
      .returning({ count: rateLimits.count }),
  );
  const [first, ...rest] = upserts;
  const results = await db.batch([first, ...rest]);
  return results.map((rows) => rows[0]?.count ?? 0);
}

/** The count in a key's current window, without counting a hit. */
export async function readCounter(db: Database, key: string, windowSeconds: number, nowSeconds: number): Promise<number> {
  const row = await db.select().from(rateLimits).where(eq(rateLimits.key, key)).get();
  if (!row || row.windowStart <= nowSeconds - windowSeconds) return 0;
  return row.count;
}
