/**
 * Fixed-window counters in D1's `rate_limits` table: one row per (key, window start),
 * incremented by one upsert, so parallel hits each see a distinct count. Keys are
 * namespaced by their caller (e.g. `chat:analysis:{id}`), apart from the auth limits'.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from './client';
import { rateLimits } from './schema';

export interface WindowCount {
  /** Hits in the current window, this one included. */
  count: number;
  /** Seconds until the current window ends. */
  resetsIn: number;
}

/** Counts one hit on `key` in the current `windowSeconds` window (aligned to the epoch). */
export async function countHit(db: Database, key: string, windowSeconds: number, nowMs = Date.now()): Promise<WindowCount> {
  const now = Math.floor(nowMs / 1000);
  const windowStart = now - (now % windowSeconds);
  const [, counted] = await db.batch([
    db.delete(rateLimits).where(and(eq(rateLimits.key, key), lt(rateLimits.windowStart, windowStart))),
    db
      .insert(rateLimits)
      .values({ key, windowStart, count: 1 })
      .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
      .returning({ count: rateLimits.count }),
  ]);
  return { count: counted[0]?.count ?? 1, resetsIn: windowStart + windowSeconds - now };
}
