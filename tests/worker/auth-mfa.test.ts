/**
 * TOTP: enrolment (secret + otpauth URI), challenge and verify, and the sign-in that needs
 * a code after the password. Codes are computed here from the enrolled secret with
 * otpauth, as an authenticator app would.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, createSignedInUser, postJson } from './auth-helpers';
import { call, uploadOk } from './helpers';
import { PERIOD_MS, auth, challengeAndVerify, codeAt, enroll, userWithTotp } from './totp-helpers';

describe('TOTP enrolment', () => {
  it('returns an unverified factor with its secret and a QR-ready otpauth URI', async () => {
    const user = await createSignedInUser();
    const factor = await enroll(user.session.access_token);
    expect(factor.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(factor.uri).toBe(
      `otpauth://totp/Tally:${encodeURIComponent(user.email)}?issuer=Tally&secret=${factor.secret}&algorithm=SHA1&digits=6&period=30`,
    );
    const me = await (await call('/api/auth/user', { headers: auth(user.session.access_token) })).json<{ factors: unknown[] }>();
    expect(me.factors).toEqual([
      expect.objectContaining({ id: factor.factorId, factor_type: 'totp', status: 'unverified', friendly_name: 'My phone' }),
    ]);
  });

  it('stores the secret encrypted, never as given', async () => {
    const user = await createSignedInUser();
    const factor = await enroll(user.session.access_token);
    const row = await env.DB.prepare('select secret_ciphertext from mfa_factors where id = ?')
      .bind(factor.factorId)
      .first<{ secret_ciphertext: string }>();
    expect(row?.secret_ciphertext).not.toContain(factor.secret);
  });

  it('verifying a code marks the factor verified and answers with an aal2 Session', async () => {
    const user = await createSignedInUser();
    const factor = await enroll(user.session.access_token);
    const response = await challengeAndVerify(user.session.access_token, factor.factorId, codeAt(factor.secret, Date.now()));
    expect(response.status).toBe(200);
    const session = await response.json<{ access_token: string; user: { factors: { status: string }[] } }>();
    expect(session.user.factors.map((f) => f.status)).toEqual(['verified']);
    expect(JSON.parse(atob(session.access_token.split('.')[1]))).toMatchObject({ aal: 'aal2' });
  });

  it("rejects a wrong code with 'Invalid TOTP code entered'", async () => {
    const user = await createSignedInUser();
    const factor = await enroll(user.session.access_token);
    const right = codeAt(factor.secret, Date.now());
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    const response = await challengeAndVerify(user.session.access_token, factor.factorId, wrong);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'Invalid TOTP code entered', code: 'INVALID_TOTP' });
  });

  it('refuses an unknown or expired challenge', async () => {
    const user = await createSignedInUser();
    const factor = await enroll(user.session.access_token);
    const challenge = await (
      await postJson(`/api/auth/factors/${factor.factorId}/challenge`, {}, auth(user.session.access_token))
    ).json<{ id: string }>();
    await env.DB.prepare("update mfa_challenges set expires_at = '2000-01-01T00:00:00.000Z' where id = ?").bind(challenge.id).run();
    for (const challengeId of [challenge.id, crypto.randomUUID()]) {
      const response = await postJson(
        `/api/auth/factors/${factor.factorId}/verify`,
        { challenge_id: challengeId, code: codeAt(factor.secret, Date.now()) },
        auth(user.session.access_token),
      );
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: 'MFA challenge has expired or is invalid; create a new challenge.',
        code: 'MFA_CHALLENGE_EXPIRED',
      });
    }
  });

  it("answers 404 'Factor not found' for another user's factor", async () => {
    const owner = await createSignedInUser();
    const stranger = await createSignedInUser();
    const factor = await enroll(owner.session.access_token);
    const response = await postJson(`/api/auth/factors/${factor.factorId}/challenge`, {}, auth(stranger.session.access_token));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Factor not found', code: 'FACTOR_NOT_FOUND' });
  });
});

describe('signing in with a verified TOTP factor', () => {
  it('the password alone gives an aal1 session that is not signed in until a code is verified', async () => {
    const user = await userWithTotp();
    const response = await postJson('/api/auth/token?grant_type=password', { email: user.email, password: GOOD_PASSWORD });
    expect(response.status).toBe(200);
    const pending = await response.json<{ access_token: string; user: { factors: { id: string; status: string }[] } }>();
    expect(JSON.parse(atob(pending.access_token.split('.')[1]))).toMatchObject({ aal: 'aal1' });
    expect(pending.user.factors).toEqual([expect.objectContaining({ id: user.factor.factorId, status: 'verified' })]);

    // Not yet a signed-in viewer: no history, and an upload is a visitor's, not theirs.
    const history = await call('/api/user-analyses', { headers: auth(pending.access_token) });
    expect(history.status).toBe(401);
    const upload = await uploadOk({}, auth(pending.access_token));
    const owner = await env.DB.prepare('select user_id from analyses where id = ?')
      .bind(upload.analysis_id)
      .first<{ user_id: string | null }>();
    expect(owner?.user_id).toBeNull();

    // The code completes the sign-in.
    const verified = await challengeAndVerify(
      pending.access_token,
      user.factor.factorId,
      codeAt(user.factor.secret, Date.now() + PERIOD_MS),
    );
    expect(verified.status).toBe(200);
    const full = await verified.json<{ access_token: string }>();
    expect((await call('/api/user-analyses', { headers: auth(full.access_token) })).status).toBe(200);
  });

  it('does not accept the same code twice (replay)', async () => {
    const user = await userWithTotp();
    const code = codeAt(user.factor.secret, Date.now() + PERIOD_MS);
    const first = await (
      await postJson('/api/auth/token?grant_type=password', { email: user.email, password: GOOD_PASSWORD })
    ).json<{ access_token: string }>();
    expect((await challengeAndVerify(first.access_token, user.factor.factorId, code)).status).toBe(200);
    const second = await (
      await postJson('/api/auth/token?grant_type=password', { email: user.email, password: GOOD_PASSWORD })
    ).json<{ access_token: string }>();
    const replay = await challengeAndVerify(second.access_token, user.factor.factorId, code);
    expect(replay.status).toBe(400);
    expect(await replay.json()).toEqual({ error: 'Invalid TOTP code entered', code: 'INVALID_TOTP' });
  });

  it('needs aal2 to enroll another factor or remove a verified one', async () => {
    const user = await userWithTotp();
    const pending = await (
      await postJson('/api/auth/token?grant_type=password', { email: user.email, password: GOOD_PASSWORD })
    ).json<{ access_token: string }>();
    const enrollMore = await postJson('/api/auth/factors', { factor_type: 'totp' }, auth(pending.access_token));
    expect(enrollMore.status).toBe(403);
    expect(await enrollMore.json()).toEqual({ error: 'AAL2 required to manage factors', code: 'AAL2_REQUIRED' });
    const remove = await call(`/api/auth/factors/${user.factor.factorId}`, { method: 'DELETE', headers: auth(pending.access_token) });
    expect(remove.status).toBe(403);
  });
});
