/**
 * Daily analysis quotas: visitors get one analysis per UTC day per email and per IP;
 * signed-in users are unlimited up to an abuse cap (`SIGNED_IN_DAILY_CAP`, default 50).
 * The count runs over the analyses (and in-flight chunked uploads) themselves, and the
 * reservation is the insert of that row (`worker/db/quota.ts`), so it is atomic.
 */
import type { Viewer } from '../auth/viewer';
import type { QuotaRule } from '../db/quota';
import { HttpError } from '../lib/http';

export const VISITOR_QUOTA_MESSAGE = "You've used your free analysis for today. Create a free account for unlimited analyses.";
export const SIGNED_IN_CAP_MESSAGE = "You've reached today's analysis limit. Please try again tomorrow.";

/** Analyses a visitor may start per UTC day (per email and per IP). */
export const VISITOR_DAILY_ANALYSES = 1;

/** Midnight UTC today, in the ISO format created_at uses. */
export function startOfUtcDay(now = new Date()): string {
  return `${now.toISOString().slice(0, 10)}T00:00:00.000Z`;
}

/** The quota a new analysis by this viewer takes. */
export function quotaRuleFor(env: Env, viewer: Viewer, email: string, ip: string | null): QuotaRule {
  const since = startOfUtcDay();
  if (viewer.kind === 'user') return { kind: 'user', userId: viewer.userId, since, limit: Number(env.SIGNED_IN_DAILY_CAP) || 50 };
  return { kind: 'visitor', email: email.trim().toLowerCase(), ip, since, limit: VISITOR_DAILY_ANALYSES };
}

/** The 429 for a quota that is used up. */
export function quotaExceeded(rule: QuotaRule): HttpError {
  return rule.kind === 'user'
    ? new HttpError(429, SIGNED_IN_CAP_MESSAGE, 'DAILY_CAP')
    : new HttpError(429, VISITOR_QUOTA_MESSAGE, 'DAILY_QUOTA');
}
