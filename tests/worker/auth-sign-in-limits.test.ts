/**
 * Issue 11 item 7: password sign-in is limited per (email, IP) pair and per IP, with a much
 * higher per-email ceiling, and after 10 failed passwords for an email the Turnstile check
 * is required instead of a refusal, so an attacker can't lock the owner out.
 * Limits (worker/auth/sign-in-limits.ts): pair 5 per 15 min, IP 10 per minute, email 100
 * per hour, Turnstile after 10 failures in an hour. The per-IP limit is tested in auth-api.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, createSignedInUser, freshEmail, freshIp, postJson } from './auth-helpers';
import { DUMMY_TOKEN } from './helpers';

const RATE_LIMITED = { error: 'Too many requests. Please try again later.', code: 'RATE_LIMITED' };
const INVALID = { error: 'Invalid login credentials', code: 'INVALID_CREDENTIALS' };
const CAPTCHA_REQUIRED = {
  error: 'Too many failed sign-in attempts for this email. Please complete the security verification.',
  code: 'CAPTCHA_REQUIRED',
};

const signIn = (email: string, password: string, ip: string, captchaToken?: string) =>
  postJson(
    '/api/auth/token?grant_type=password',
    { email, password, ...(captchaToken ? { captchaToken } : {}) },
    { 'CF-Connecting-IP': ip },
  );

describe('password sign-in limits', () => {
  it("an attacker's IP is limited after 5 attempts on an email, while the owner's correct password from another IP works", async () => {
    const { email } = await createSignedInUser({ password: GOOD_PASSWORD });
    const attacker = freshIp();
    for (let i = 0; i < 5; i++) {
      const wrong = await signIn(email, `Wrong-password-${i}`, attacker);
      expect(wrong.status).toBe(400);
      expect(await wrong.json()).toEqual(INVALID);
    }
    const limited = await signIn(email, GOOD_PASSWORD, attacker);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual(RATE_LIMITED);

    const owner = await signIn(email, GOOD_PASSWORD, freshIp());
    expect(owner.status).toBe(200);
    expect(await owner.json()).toMatchObject({ token_type: 'bearer' });
  });

  it('the pair limit does not stop the same IP signing in to another email', async () => {
    const attacker = freshIp();
    const target = freshEmail();
    for (let i = 0; i < 5; i++) expect((await signIn(target, 'Wrong-password-1', attacker)).status).toBe(400);
    expect((await signIn(target, 'Wrong-password-1', attacker)).status).toBe(429);
    const { email } = await createSignedInUser({ password: GOOD_PASSWORD });
    expect((await signIn(email, GOOD_PASSWORD, attacker)).status).toBe(200);
  });

  it('after 10 failures from many IPs the owner gets in by passing Turnstile, not refused', async () => {
    const { email } = await createSignedInUser({ password: GOOD_PASSWORD });
    for (let i = 0; i < 10; i++) expect((await signIn(email, 'Wrong-password-1', freshIp())).status).toBe(400);

    const ownerIp = freshIp();
    const withoutCheck = await signIn(email, GOOD_PASSWORD, ownerIp);
    expect(withoutCheck.status).toBe(400);
    expect(await withoutCheck.json()).toEqual(CAPTCHA_REQUIRED);
    const failingCheck = await signIn(email, GOOD_PASSWORD, ownerIp, 'not-a-turnstile-token');
    expect(failingCheck.status).toBe(400);
    expect(await failingCheck.json()).toEqual(CAPTCHA_REQUIRED);

    const withCheck = await signIn(email, GOOD_PASSWORD, ownerIp, DUMMY_TOKEN);
    expect(withCheck.status).toBe(200);
    // GoTrue's shape for the token is accepted too.
    const gotrueShape = await postJson(
      '/api/auth/token?grant_type=password',
      { email, password: GOOD_PASSWORD, gotrue_meta_security: { captcha_token: DUMMY_TOKEN } },
      { 'CF-Connecting-IP': freshIp() },
    );
    expect(gotrueShape.status).toBe(200);
    // A wrong password with a passing check is still just wrong.
    const wrong = await signIn(email, 'Wrong-password-1', freshIp(), DUMMY_TOKEN);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual(INVALID);
  });

  it('9 failures do not yet need the check', async () => {
    const { email } = await createSignedInUser({ password: GOOD_PASSWORD });
    for (let i = 0; i < 9; i++) expect((await signIn(email, 'Wrong-password-1', freshIp())).status).toBe(400);
    expect((await signIn(email, GOOD_PASSWORD, freshIp())).status).toBe(200);
  });

  it('unknown addresses are treated alike, so the check says nothing about accounts', async () => {
    const email = freshEmail();
    for (let i = 0; i < 10; i++) expect((await signIn(email, 'Wrong-password-1', freshIp())).status).toBe(400);
    const next = await signIn(email, 'Wrong-password-1', freshIp());
    expect(next.status).toBe(400);
    expect(await next.json()).toEqual(CAPTCHA_REQUIRED);
  });

  it('each email has a ceiling of 100 attempts an hour, after which even a passing check gets 429', async () => {
    const { email } = await createSignedInUser({ password: GOOD_PASSWORD });
    // 10 failures, then 90 attempts refused for want of the check: 100 attempts in all.
    for (let i = 0; i < 10; i++) expect((await signIn(email, 'Wrong-password-1', freshIp())).status).toBe(400);
    for (let i = 0; i < 90; i++) expect((await signIn(email, GOOD_PASSWORD, freshIp())).status).toBe(400);
    const ceiling = await signIn(email, GOOD_PASSWORD, freshIp(), DUMMY_TOKEN);
    expect(ceiling.status).toBe(429);
    expect(await ceiling.json()).toEqual(RATE_LIMITED);
  });
});
