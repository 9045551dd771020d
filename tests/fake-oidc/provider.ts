/**
 * A small OpenID Connect provider standing in for Google in the Worker tests. It runs in
 * Node as Miniflare's outbound service (see vitest.config.ts), signs ID tokens with its
 * own RSA key, publishes that key as a JWKS, and really checks what Google checks:
 * client id and secret, redirect URI, single-use codes and the PKCE verifier (RFC 7636).
 *
 * The test plays the user: it requests the authorization URL with `login_email`,
 * `login_sub`, `login_name` and a `scenario` (see config.ts) and reads the redirect.
 */
import { SignJWT, exportJWK, generateKeyPair, type JWK } from 'jose';
import { FAKE_OIDC_CLIENT_ID, FAKE_OIDC_CLIENT_SECRET, FAKE_OIDC_ORIGIN, type FakeOidcScenario } from './config.ts';

interface PendingCode {
  clientId: string;
  redirectUri: string;
  nonce: string;
  codeChallenge: string;
  email: string;
  sub: string;
  name: string;
  scenario: FakeOidcScenario;
  used: boolean;
}

const KID = 'fake-google-key-1';

function base64url(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64url');
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** What the provider reads of a request (Miniflare hands over its own Request class). */
export interface IncomingRequest {
  url: string;
  method: string;
  text(): Promise<string>;
}

export interface FakeOidcProvider {
  /** True for requests addressed to the fake provider. */
  handles(url: string): boolean;
  fetch(request: IncomingRequest): Promise<Response>;
}

export function createFakeOidcProvider(): FakeOidcProvider {
  const keys = (async () => {
    const signing = await generateKeyPair('RS256', { extractable: true });
    const foreign = await generateKeyPair('RS256', { extractable: true });
    const publicJwk: JWK = { ...(await exportJWK(signing.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
    return { signing, foreign, publicJwk };
  })();
  const codes = new Map<string, PendingCode>();

  async function authorize(url: URL): Promise<Response> {
    const p = url.searchParams;
    const redirectUri = p.get('redirect_uri') ?? '';
    if (p.get('client_id') !== FAKE_OIDC_CLIENT_ID) return json({ error: 'invalid_client' }, 400);
    if (p.get('response_type') !== 'code' || p.get('code_challenge_method') !== 'S256' || !p.get('code_challenge')) {
      return json({ error: 'invalid_request' }, 400);
    }
    const back = new URL(redirectUri);
    back.searchParams.set('state', p.get('state') ?? '');
    const scenario = (p.get('scenario') ?? 'ok') as FakeOidcScenario;
    if (scenario === 'deny') {
      back.searchParams.set('error', 'access_denied');
      return new Response(null, { status: 302, headers: { Location: back.toString() } });
    }
    const code = base64url(crypto.getRandomValues(new Uint8Array(24)));
    codes.set(code, {
      clientId: FAKE_OIDC_CLIENT_ID,
      redirectUri,
      nonce: p.get('nonce') ?? '',
      codeChallenge: p.get('code_challenge') ?? '',
      email: p.get('login_email') ?? 'person@gmail.test',
      sub: p.get('login_sub') ?? '100000000000000000001',
      name: p.get('login_name') ?? 'Test Person',
      scenario,
      used: false,
    });
    back.searchParams.set('code', code);
    return new Response(null, { status: 302, headers: { Location: back.toString() } });
  }

  async function token(request: IncomingRequest): Promise<Response> {
    const form = new URLSearchParams(await request.text());
    if (form.get('grant_type') !== 'authorization_code') return json({ error: 'unsupported_grant_type' }, 400);
    if (form.get('client_id') !== FAKE_OIDC_CLIENT_ID || form.get('client_secret') !== FAKE_OIDC_CLIENT_SECRET) {
      return json({ error: 'invalid_client', error_description: 'The OAuth client was not found.' }, 401);
    }
    const pending = codes.get(form.get('code') ?? '');
    if (!pending || pending.used) return json({ error: 'invalid_grant', error_description: 'Bad Request' }, 400);
    pending.used = true;
    if (form.get('redirect_uri') !== pending.redirectUri) {
      return json({ error: 'redirect_uri_mismatch', error_description: 'Bad Request' }, 400);
    }
    const verifier = form.get('code_verifier') ?? '';
    const challenge = base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
    if (challenge !== pending.codeChallenge) return json({ error: 'invalid_grant', error_description: 'Missing code verifier.' }, 400);

    const { signing, foreign } = await keys;
    const now = Math.floor(Date.now() / 1000);
    const s = pending.scenario;
    const idToken = await new SignJWT({
      email: pending.email,
      email_verified: s !== 'unverified-email',
      name: pending.name,
      picture: `https://lh3.googleusercontent.com/a/${pending.sub}`,
      nonce: s === 'bad-nonce' ? 'not-the-nonce-we-were-given' : pending.nonce,
    })
      .setProtectedHeader({ alg: 'RS256', kid: s === 'foreign-key' ? 'unknown-key' : KID, typ: 'JWT' })
      .setIssuer(s === 'wrong-issuer' ? 'https://issuer.evil.test' : FAKE_OIDC_ORIGIN)
      .setAudience(s === 'wrong-audience' ? 'some-other-client.apps.fake-google.test' : pending.clientId)
      .setSubject(pending.sub)
      .setIssuedAt(s === 'expired' ? now - 7200 : now)
      .setExpirationTime(s === 'expired' ? now - 3600 : now + 3600)
      .sign(s === 'foreign-key' ? foreign.privateKey : signing.privateKey);
    return json({
      access_token: 'fake-access-token',
      token_type: 'Bearer',
      expires_in: 3599,
      scope: 'openid email profile',
      id_token: idToken,
    });
  }

  return {
    handles: (url) => url.startsWith(`${FAKE_OIDC_ORIGIN}/`),
    async fetch(request) {
      const url = new URL(request.url);
      if (url.pathname === '/authorize' && request.method === 'GET') return authorize(url);
      if (url.pathname === '/token' && request.method === 'POST') return token(request);
      if (url.pathname === '/jwks' && request.method === 'GET') return json({ keys: [(await keys).publicJwk] });
      return json({ error: 'not_found' }, 404);
    },
  };
}
