/**
 * Issue 11 item 1: once an account has a verified TOTP factor, the password alone (a
 * session waiting for its code, aal1) must not be able to take the account over. The
 * table below is the audit of every route a session can reach: what an aal1 session of
 * such an account may do, and what needs aal2.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../worker/auth/sessions';
import { findUserById } from '../../worker/auth/store/users';
import { database } from '../../worker/db/client';
import { GOOD_PASSWORD, createSignedInUser, postJson } from './auth-helpers';
import { call } from './helpers';
import { auth, challengeAndVerify, codeAt, enroll, userWithTotp } from './totp-helpers';

const AAL2_FOR_USER = { error: 'AAL2 required to change the password or email', code: 'AAL2_REQUIRED' };
const AAL2_FOR_FACTORS = { error: 'AAL2 required to manage factors', code: 'AAL2_REQUIRED' };
const UNAUTHORIZED = { error: 'Authentication required', code: 'UNAUTHORIZED' };

const putUser = (accessToken: string, body: Record<string, unknown>) =>
  call('/api/auth/user', {
    method: 'PUT',
    headers: { ...auth(accessToken), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

const passwordHashOf = async (userId: string) =>
  (await env.DB.prepare('select password_hash from users where id = ?').bind(userId).first<{ password_hash: string }>())?.password_hash;

/** A TOTP user and a fresh password-only session of theirs (waiting for the code). */
async function pendingSession() {
  const user = await userWithTotp();
  const response = await postJson('/api/auth/token?grant_type=password', { email: user.email, password: GOOD_PASSWORD });
  expect(response.status).toBe(200);
  const pending = await response.json<{ access_token: string }>();
  return { user, pending: pending.access_token };
}

describe('changing the password or the email needs aal2 when the account has a verified factor', () => {
  it('a session waiting for its TOTP code cannot change the password, and the owner keeps their sessions', async () => {
    const { user, pending } = await pendingSession();
    const before = await passwordHashOf(user.id);
    const response = await putUser(pending, { password: 'attacker-chosen' });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual(AAL2_FOR_USER);
    expect(await passwordHashOf(user.id)).toBe(before);
    // The owner's aal2 session was not revoked.
    expect((await call('/api/auth/user', { headers: auth(user.aal2.access_token) })).status).toBe(200);
  });

  it('a session waiting for its TOTP code cannot change the email', async () => {
    const { user, pending } = await pendingSession();
    const response = await putUser(pending, { email: 'attacker@example.com' });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual(AAL2_FOR_USER);
    const row = await env.DB.prepare('select email from users where id = ?').bind(user.id).first<{ email: string }>();
    expect(row?.email).toBe(user.email);
  });

  it('an aal1 session opened before the factor was verified cannot change the password either', async () => {
    const user = await createSignedInUser({ password: GOOD_PASSWORD });
    const db = database(env.DB);
    const row = await findUserById(db, user.id);
    if (!row) throw new Error('user missing');
    // Opened before the factor existed: aal1, and not waiting for a code.
    const older = await startSession(env, db, row, 'password');
    const factor = await enroll(user.session.access_token);
    const verified = await challengeAndVerify(user.session.access_token, factor.factorId, codeAt(factor.secret, Date.now()));
    expect(verified.status).toBe(200);
    const response = await putUser(older.access_token, { password: 'another-one' });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual(AAL2_FOR_USER);
  });

  it('an aal1 session from a magic link (or recovery) is held to the same rule', async () => {
    const user = await userWithTotp();
    const db = database(env.DB);
    const row = await findUserById(db, user.id);
    if (!row) throw new Error('user missing');
    const viaLink = await startSession(env, db, row, 'recovery');
    const response = await putUser(viaLink.access_token, { password: 'via-recovery' });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual(AAL2_FOR_USER);
  });

  it('the aal2 session changes the password', async () => {
    const user = await userWithTotp();
    const response = await putUser(user.aal2.access_token, { password: 'New-password-9' });
    expect(response.status).toBe(200);
    const signIn = await postJson('/api/auth/token?grant_type=password', { email: user.email, password: 'New-password-9' });
    expect(signIn.status).toBe(200);
  });

  it('the aal2 session is told plainly that the email cannot be changed', async () => {
    const user = await userWithTotp();
    const response = await putUser(user.aal2.access_token, { email: 'new@example.com' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'Changing the email address is not supported', code: 'EMAIL_CHANGE_UNSUPPORTED' });
  });
});

describe('audit: what a session waiting for its TOTP code can reach', () => {
  it.each([
    ['PUT /api/auth/user (password)', 'PUT', '/api/auth/user', { password: 'x'.repeat(10) }, 403, AAL2_FOR_USER],
    ['PUT /api/auth/user (email)', 'PUT', '/api/auth/user', { email: 'a@b.example' }, 403, AAL2_FOR_USER],
    ['POST /api/auth/factors (enrol another)', 'POST', '/api/auth/factors', { factor_type: 'totp' }, 403, AAL2_FOR_FACTORS],
    ['POST /api/claim-analyses', 'POST', '/api/claim-analyses', {}, 401, UNAUTHORIZED],
    ['GET /api/user-analyses', 'GET', '/api/user-analyses', null, 401, UNAUTHORIZED],
  ])('%s is refused', async (_, method, path, body, status, answer) => {
    const { pending } = await pendingSession();
    const response = await call(path, {
      method,
      headers: { ...auth(pending), 'Content-Type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual(answer);
  });

  it('DELETE /api/auth/factors/:id of the verified factor is refused', async () => {
    const { user, pending } = await pendingSession();
    const response = await call(`/api/auth/factors/${user.factor.factorId}`, { method: 'DELETE', headers: auth(pending) });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual(AAL2_FOR_FACTORS);
  });

  it('may read the user (to show the code prompt), open a challenge and sign out', async () => {
    const { user, pending } = await pendingSession();
    expect((await call('/api/auth/user', { headers: auth(pending) })).status).toBe(200);
    expect((await postJson(`/api/auth/factors/${user.factor.factorId}/challenge`, {}, auth(pending))).status).toBe(200);
    expect((await call('/api/auth/logout', { method: 'POST', headers: auth(pending) })).status).toBe(204);
    expect((await call('/api/auth/user', { headers: auth(pending) })).status).toBe(401);
  });
});
