/**
 * Rate limits for the auth endpoints, counted in D1's `rate_limits` table per IP and per
 * email. Each key has one row whose window opens at its first hit and lasts `windowSeconds`;
 * the three statements run as one D1 batch (a transaction), so concurrent hits can't
 * both slip under the limit.
 */
import { HttpError } from '../lib/http';

export const RATE_LIMIT_MESSAGE = 'Too many requests. Please try again later.';

export interface RateRule {
  limit: number;
  windowSeconds: number;
}

/** Sign-in: 10 a minute. Emails sent (magic link, recovery, resend, sign-up): 5 an hour. */
export const AUTH_RATE_RULES = {
  signIn: { limit: 10, windowSeconds: 60 },
  email: { limit: 5, windowSeconds: 3600 },
} as const satisfies Record<string, RateRule>;

/**
 * Counts one attempt against `scope` for the caller's IP and email, and throws 429 when
 * either is over its limit. A missing IP (no `CF-Connecting-IP`, which Cloudflare always
 * sets in production) is simply not counted.
 */
export async function enforceRateLimit(
  db: D1Database,
  scope: string,
  subjects: { ip: string | null; email: string | null },
  rule: RateRule,
  nowMs = Date.now(),
): Promise<void> {
  const keys: string[] = [];
  if (subjects.ip) keys.push(`${scope}:ip:${subjects.ip}`);
  if (subjects.email) keys.push(`${scope}:email:${subjects.email.trim().toLowerCase()}`);
  if (keys.length === 0) return;
  const now = Math.floor(nowMs / 1000);
  const statements = keys.flatMap((key) => [
    db.prepare('DELETE FROM rate_limits WHERE key = ?1 AND window_start <= ?2').bind(key, now - rule.windowSeconds),
    db
      .prepare(
        'INSERT INTO rate_limits (key, window_start, count) SELECT ?1, ?2, 0 WHERE NOT EXISTS (SELECT 1 FROM rate_limits WHERE key = ?1)',
      )
      .bind(key, now),
    db.prepare('UPDATE rate_limits SET count = count + 1 WHERE key = ?1 RETURNING count').bind(key),
  ]);
  const results = await db.batch<{ count: number }>(statements);
  const counts = results.filter((_, i) => i % 3 === 2).map((result) => result.results[0]?.count ?? 0);
  if (counts.some((count) => count > rule.limit)) throw new HttpError(429, RATE_LIMIT_MESSAGE, 'RATE_LIMITED');
}
