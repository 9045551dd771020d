/**
 * Google sign-in end to end against the fake OIDC provider (tests/fake-oidc), which signs
 * ID tokens with its own key and checks client, redirect URI and PKCE like Google does.
 * The test plays the browser and the person in the popup.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { FAKE_OIDC_CLIENT_ID, FAKE_OIDC_ORIGIN, type FakeOidcScenario } from '../fake-oidc/config';
import { GOOD_PASSWORD, createSignedInUser, freshEmail, postJson } from './auth-helpers';
import { call } from './helpers';

interface Popup {
  /** The authorization URL the Worker sent the popup to. */
  authorizeUrl: URL;
  /** The state cookie the browser holds. */
  cookie: string;
  state: string;
}

async function startFlow(): Promise<Popup> {
  const response = await call('/api/auth/google/start', { redirect: 'manual' });
  expect(response.status).toBe(302);
  const authorizeUrl = new URL(response.headers.get('Location') ?? '');
  const setCookie = response.headers.get('Set-Cookie') ?? '';
  const cookie = setCookie.split(';')[0];
  return { authorizeUrl, cookie, state: authorizeUrl.searchParams.get('state') ?? '' };
}

/** The person signs in at the provider; returns the code and state it redirects back with. */
async function consent(popup: Popup, scenario: FakeOidcScenario, login: { email: string; sub: string; name?: string }) {
  const url = new URL(popup.authorizeUrl);
  url.searchParams.set('scenario', scenario);
  url.searchParams.set('login_email', login.email);
  url.searchParams.set('login_sub', login.sub);
  if (login.name) url.searchParams.set('login_name', login.name);
  const response = await fetch(url, { redirect: 'manual' });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('Location') ?? '');
}

function callback(body: Partial<Record<'code' | 'state' | 'error', string>>, cookie: string) {
  return postJson('/api/auth/google/callback', body, cookie ? { Cookie: cookie } : {});
}

let subCounter = 0;
const freshSub = () => `1${String(Date.now()).slice(-9)}${String(++subCounter).padStart(4, '0')}`;

async function signInWithGoogle(scenario: FakeOidcScenario, login: { email: string; sub: string; name?: string }) {
  const popup = await startFlow();
  const back = await consent(popup, scenario, login);
  return callback({ code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' }, popup.cookie);
}

describe('GET /api/auth/google/start', () => {
  it('redirects to the provider with client id, callback URL, state, nonce and a PKCE S256 challenge, and sets a state cookie', async () => {
    const popup = await startFlow();
    expect(`${popup.authorizeUrl.origin}${popup.authorizeUrl.pathname}`).toBe(`${FAKE_OIDC_ORIGIN}/authorize`);
    const params = Object.fromEntries(popup.authorizeUrl.searchParams);
    expect(params).toMatchObject({
      client_id: FAKE_OIDC_CLIENT_ID,
      redirect_uri: 'http://localhost:3000/auth/google/callback',
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    expect(params.state).toMatch(/^[\w-]{43}$/);
    expect(params.nonce).toMatch(/^[\w-]{32}$/);
    expect(params.code_challenge).toMatch(/^[\w-]{43}$/);
    expect(popup.cookie).toBe(`tally_oauth_state=${params.state}`);
  });

  it('answers { url, state } to a JSON request, for a SPA that stores oauth_state itself', async () => {
    const response = await call('/api/auth/google/start', { headers: { Accept: 'application/json' } });
    expect(response.status).toBe(200);
    const body = await response.json<{ url: string; state: string }>();
    expect(new URL(body.url).searchParams.get('state')).toBe(body.state);
  });
});

describe('POST /api/auth/google/callback', () => {
  it('exchanges the code, verifies the ID token and answers with a Session for a new, confirmed account', async () => {
    const email = freshEmail('google');
    const sub = freshSub();
    const response = await signInWithGoogle('ok', { email, sub, name: 'Grace Hopper' });
    expect(response.status).toBe(200);
    const session = await response.json<{ access_token: string; refresh_token: string; user: Record<string, unknown> }>();
    expect(session.user).toMatchObject({
      email,
      name: 'Grace Hopper',
      picture: `https://lh3.googleusercontent.com/a/${sub}`,
      identities: [expect.objectContaining({ provider: 'google', id: sub })],
    });
    expect(session.user.email_confirmed_at).not.toBeNull();
    const me = await call('/api/auth/user', { headers: { Authorization: `Bearer ${session.access_token}` } });
    expect(me.status).toBe(200);
  });

  it('signs the same Google account into the same user next time', async () => {
    const email = freshEmail('google');
    const sub = freshSub();
    const first = await (await signInWithGoogle('ok', { email, sub })).json<{ user: { id: string } }>();
    const second = await (await signInWithGoogle('ok', { email, sub })).json<{ user: { id: string } }>();
    expect(second.user.id).toBe(first.user.id);
  });

  it('links Google to an existing password account with the same verified email', async () => {
    const existing = await createSignedInUser({ password: GOOD_PASSWORD });
    const session = await (
      await signInWithGoogle('ok', { email: existing.email, sub: freshSub() })
    ).json<{ user: { id: string; identities: { provider: string }[] } }>();
    expect(session.user.id).toBe(existing.id);
    expect(session.user.identities.map((i) => i.provider)).toEqual(['email', 'google']);
  });

  it("rejects a state that doesn't match the browser's with 'Invalid state parameter - possible CSRF attack'", async () => {
    const popup = await startFlow();
    const back = await consent(popup, 'ok', { email: freshEmail(), sub: freshSub() });
    const otherBrowser = await startFlow();
    const forged = await callback(
      { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' },
      otherBrowser.cookie,
    );
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({ error: 'Invalid state parameter - possible CSRF attack', code: 'INVALID_STATE' });
    const noCookie = await callback({ code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' }, '');
    expect(await noCookie.json()).toEqual({ error: 'Invalid state parameter - possible CSRF attack', code: 'INVALID_STATE' });
  });

  it('uses a state once: replaying a finished callback is refused as a bad state', async () => {
    const popup = await startFlow();
    const back = await consent(popup, 'ok', { email: freshEmail(), sub: freshSub() });
    const body = { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' };
    expect((await callback(body, popup.cookie)).status).toBe(200);
    const replay = await callback(body, popup.cookie);
    expect(await replay.json()).toEqual({ error: 'Invalid state parameter - possible CSRF attack', code: 'INVALID_STATE' });
  });

  it.each([
    ['bad-nonce', 'Failed to exchange authorization code: ID token nonce mismatch'],
    ['wrong-audience', 'Failed to exchange authorization code: ID token audience mismatch'],
    ['expired', 'Failed to exchange authorization code: ID token has expired'],
    ['wrong-issuer', 'Failed to exchange authorization code: ID token issuer mismatch'],
    ['foreign-key', 'Failed to exchange authorization code: ID token signature is invalid'],
    ['unverified-email', 'Failed to exchange authorization code: the Google account has no verified email'],
  ] as const)('refuses an ID token with %s', async (scenario, error) => {
    const email = freshEmail('google');
    const response = await signInWithGoogle(scenario, { email, sub: freshSub() });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error, code: 'INVALID_ID_TOKEN' });
    const created = await env.DB.prepare('select count(*) as n from users where email = ?').bind(email).first<{ n: number }>();
    expect(created?.n).toBe(0);
  });

  it('reports a failed code exchange with the provider’s reason', async () => {
    const popup = await startFlow();
    const back = await consent(popup, 'ok', { email: freshEmail(), sub: freshSub() });
    const response = await callback({ code: 'not-a-code-the-provider-issued', state: back.searchParams.get('state') ?? '' }, popup.cookie);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'Failed to exchange authorization code: Bad Request', code: 'TOKEN_EXCHANGE_FAILED' });
  });

  it("passes on the provider's error: 'Access denied by user' for access_denied, else 'Google OAuth error: <code>'", async () => {
    const popup = await startFlow();
    const back = await consent(popup, 'deny', { email: freshEmail(), sub: freshSub() });
    expect(back.searchParams.get('error')).toBe('access_denied');
    const denied = await callback({ error: 'access_denied', state: back.searchParams.get('state') ?? '' }, popup.cookie);
    expect(await denied.json()).toEqual({ error: 'Access denied by user', code: 'OAUTH_ERROR' });
    const other = await callback({ error: 'server_error' }, popup.cookie);
    expect(await other.json()).toEqual({ error: 'Google OAuth error: server_error', code: 'OAUTH_ERROR' });
  });

  it("requires both code and state: 'Missing authorization code or state parameter'", async () => {
    const popup = await startFlow();
    for (const body of [{ state: popup.state }, { code: 'abc' }, {}]) {
      const response = await callback(body, popup.cookie);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: 'Missing authorization code or state parameter', code: 'MISSING_OAUTH_PARAMS' });
    }
  });
});
