/**
 * Password sign-in limits (issue 11 item 7). A per-email limit let anyone lock an owner
 * out with ten wrong passwords, so the limits are layered instead:
 *
 * - per (email, IP) pair: 5 attempts in 15 minutes, so one attacker address is stopped
 *   early without touching the owner elsewhere;
 * - per IP: 10 attempts a minute, whatever the emails;
 * - per email: a ceiling of 100 attempts an hour, far above any person's use;
 * - after 10 failed passwords for an email within an hour, every sign-in for it must
 *   pass Turnstile: the owner still gets in, a distributed guesser is slowed to humans.
 */
import type { Database } from '../db/client';
import { badRequest } from '../lib/http';
import { enforceKeys, type RateRule } from './rate-limit';
import { hitCounters, readCounter } from '../db/rate-limits';
import { verifyTurnstile } from './turnstile';
import { AUTH_ERRORS } from './validation';

export const SIGN_IN_RULES = {
  pair: { limit: 5, windowSeconds: 15 * 60 },
  ip: { limit: 10, windowSeconds: 60 },
  email: { limit: 100, windowSeconds: 3600 },
  /** Failed passwords for one email before Turnstile is required. */
  failuresBeforeCaptcha: { limit: 10, windowSeconds: 3600 },
} as const satisfies Record<string, RateRule>;

const failureKey = (email: string) => `signin-fail:email:${email}`;

/**
 * Counts a password sign-in attempt and throws 429 when the pair, the IP or the email is
 * over its limit; then, when the email has had too many recent failures, requires a
 * passing Turnstile token (400 `CAPTCHA_REQUIRED` otherwise).
 */
export async function admitSignIn(
  env: Env,
  db: Database,
  input: { email: string; ip: string | null; captchaToken: string | undefined },
  nowMs = Date.now(),
): Promise<void> {
  const { email, ip } = input;
  if (ip) {
    await enforceKeys(db, [`signin:pair:${email}|${ip}`], SIGN_IN_RULES.pair, nowMs);
    await enforceKeys(db, [`signin:ip:${ip}`], SIGN_IN_RULES.ip, nowMs);
  }
  await enforceKeys(db, [`signin:email:${email}`], SIGN_IN_RULES.email, nowMs);
  const rule = SIGN_IN_RULES.failuresBeforeCaptcha;
  const failures = await readCounter(db, failureKey(email), rule.windowSeconds, Math.floor(nowMs / 1000));
  if (failures < rule.limit) return;
  const human = await verifyTurnstile(env.TURNSTILE_SECRET_KEY, input.captchaToken, ip);
  if (!human.success) throw badRequest(AUTH_ERRORS.captchaRequired, 'CAPTCHA_REQUIRED');
}

/** Records a failed password for an email (unknown addresses count the same). */
export async function recordSignInFailure(db: Database, email: string, nowMs = Date.now()): Promise<void> {
  const rule = SIGN_IN_RULES.failuresBeforeCaptcha;
  await hitCounters(db, [failureKey(email)], rule.windowSeconds, Math.floor(nowMs / 1000));
}
