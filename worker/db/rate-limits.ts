/**
 * The owner of `rate_limits`: one counter row per key whose window opens at the key's first
 * hit (or first hit after the window ran out) and lasts the rule's seconds. Auth's limits
 * and the chat limits both count here, with keys namespaced by their caller (`chat:…`).
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from './client';
import { rateLimits } from './schema';

/**
 * Counts one hit on each key and returns the counts in the keys' current windows. Each key
 * is one upsert, and the upserts run as one D1 batch (a transaction), so concurrent hits
 * can't both slip under a limit.
 */
export async function hitCounters(db: Database, keys: string[], windowSeconds: number, nowSeconds: number): Promise<number[]> {
  return (await hitWindows(db, keys, windowSeconds, nowSeconds)).map((window) => window.count);
}

export interface WindowCount {
  /** Hits in the current window, this one included. */
  count: number;
  /** Seconds until the current window ends. */
  resetsIn: number;
}

/** Like `hitCounters`, with the seconds until each key's window ends (for `Retry-After`). */
export async function hitWindows(db: Database, keys: string[], windowSeconds: number, nowSeconds: number): Promise<WindowCount[]> {
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
      .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart }),
  );
  const [first, ...rest] = upserts;
  const results = await db.batch([first, ...rest]);
  return results.map((rows) => ({
    count: rows[0]?.count ?? 0,
    resetsIn: (rows[0]?.windowStart ?? nowSeconds) + windowSeconds - nowSeconds,
  }));
}

/** The count in a key's current window, without counting a hit. */
export async function readCounter(db: Database, key: string, windowSeconds: number, nowSeconds: number): Promise<number> {
  const row = await db.select().from(rateLimits).where(eq(rateLimits.key, key)).get();
  if (!row || row.windowStart <= nowSeconds - windowSeconds) return 0;
  return row.count;
}
