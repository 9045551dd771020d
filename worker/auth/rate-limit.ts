/**
 * Rate limits for the auth endpoints, counted per IP and per email in the `rate_limits`
 * counters (worker/db/rate-limits.ts). Password sign-in has its own layered rules
 * in sign-in-limits.ts.
 */
import type { Database } from '../db/client';
import { HttpError } from '../lib/http';
import { hitCounters } from '../db/rate-limits';

export const RATE_LIMIT_MESSAGE = 'Too many requests. Please try again later.';

export interface RateRule {
  limit: number;
  windowSeconds: number;
}

/** Emails sent (magic link, recovery, resend, sign-up): 5 an hour. TOTP verify: 10 a minute. */
export const AUTH_RATE_RULES = {
  email: { limit: 5, windowSeconds: 3600 },
  mfaVerify: { limit: 10, windowSeconds: 60 },
} as const satisfies Record<string, RateRule>;

/** The 429 every limit answers with. */
export const rateLimited = () => new HttpError(429, RATE_LIMIT_MESSAGE, 'RATE_LIMITED');

/**
 * Counts one hit on each key under `rule` and throws 429 when any is over its limit.
 */
export async function enforceKeys(db: Database, keys: string[], rule: RateRule, nowMs = Date.now()): Promise<void> {
  const counts = await hitCounters(db, keys, rule.windowSeconds, Math.floor(nowMs / 1000));
  if (counts.some((count) => count > rule.limit)) throw rateLimited();
}

/**
 * Counts one attempt against `scope` for the caller's IP and email, and throws 429 when
 * either is over its limit. A missing IP (no `CF-Connecting-IP`, which Cloudflare always
 * sets in production) is simply not counted.
 */
export async function enforceRateLimit(
  db: Database,
  scope: string,
  subjects: { ip: string | null; email: string | null },
  rule: RateRule,
  nowMs = Date.now(),
): Promise<void> {
  const keys: string[] = [];
  if (subjects.ip) keys.push(`${scope}:ip:${subjects.ip}`);
  if (subjects.email) keys.push(`${scope}:email:${subjects.email.trim().toLowerCase()}`);
  await enforceKeys(db, keys, rule, nowMs);
}
