/**
 * Google sign-in: the OAuth 2.0 authorization-code flow with OpenID Connect (OIDC Core
 * §3.1), PKCE S256 (RFC 7636), a `state` bound to the browser by a cookie (RFC 6749
 * §10.12) and a `nonce` bound to the ID token (OIDC Core §3.1.2.1). The ID token is
 * verified with jose against the provider's JWKS: signature, issuer, audience, expiry
 * and nonce. Endpoints and the client are configuration (GOOGLE_* vars), so tests run the
 * whole flow against a fake provider.
 */
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import type { Database } from '../db/client';
import { base64url, randomToken, sha256Hex } from '../lib/crypto';
import { HttpError } from '../lib/http';
import { siteUrl } from './site-url';
import { insertOAuthFlow, spendOAuthFlow } from './store/oauth-flows';
import {
  confirmEmail,
  createUser,
  findUserByEmail,
  findUserByGoogleSub,
  linkGoogleIdentity,
  normalizeEmail,
  type UserRow,
} from './store/users';

export const OAUTH_FLOW_TTL_SECONDS = 600;
export const OAUTH_STATE_COOKIE = 'tally_oauth_state';
export const GOOGLE_CALLBACK_PATH = '/auth/google/callback';

/** SPEC §8's texts for the popup callback. */
export const GOOGLE_ERRORS = {
  invalidState: 'Invalid state parameter - possible CSRF attack',
  missingParams: 'Missing authorization code or state parameter',
  accessDenied: 'Access denied by user',
  providerError: (code: string) => `Google OAuth error: ${code}`,
  exchange: (reason: string) => `Failed to exchange authorization code: ${reason}`,
  notConfigured: 'Google sign-in is not configured',
} as const;

export interface GoogleFlowStart {
  /** The provider's authorization URL to open in the popup. */
  url: string;
  /** The `state` value (also kept by the SPA as `oauth_state`, SPEC §3). */
  state: string;
}

/** Starts a flow: stores the PKCE verifier and nonce under the state's hash. */
export async function startGoogleFlow(env: Env, db: Database): Promise<GoogleFlowStart> {
  if (!env.GOOGLE_CLIENT_ID) throw new HttpError(503, GOOGLE_ERRORS.notConfigured, 'GOOGLE_NOT_CONFIGURED');
  const state = randomToken(32);
  const codeVerifier = randomToken(32);
  const nonce = randomToken(24);
  const redirectUri = siteUrl(env, GOOGLE_CALLBACK_PATH);
  const challenge = base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(codeVerifier))));
  await insertOAuthFlow(db, {
    stateHash: await sha256Hex(state),
    codeVerifier,
    nonce,
    redirectUri,
    expiresAt: new Date(Date.now() + OAUTH_FLOW_TTL_SECONDS * 1000).toISOString(),
  });
  const url = new URL(env.GOOGLE_AUTH_URL);
  url.search = new URLSearchParams({
    client_id: env.GOOGLE_CLIENT_ID,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid email profile',
    state,
    nonce,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    prompt: 'select_account',
  }).toString();
  return { url: url.toString(), state };
}

/** Spends the flow named by `state`; null when unknown, used or expired. */
export async function consumeGoogleFlow(db: Database, state: string) {
  return spendOAuthFlow(db, await sha256Hex(state), new Date().toISOString());
}

export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string | null;
  picture: string | null;
}

/** Exchanges the code (with the PKCE verifier) and verifies the ID token it returns. */
export async function exchangeGoogleCode(
  env: Env,
  flow: { codeVerifier: string; nonce: string; redirectUri: string },
  code: string,
): Promise<GoogleIdentity> {
  let response: Response;
  try {
    response = await fetch(env.GOOGLE_TOKEN_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        client_id: env.GOOGLE_CLIENT_ID,
        client_secret: env.GOOGLE_CLIENT_SECRET,
        redirect_uri: flow.redirectUri,
        code_verifier: flow.codeVerifier,
      }),
    });
  } catch {
    throw exchangeError('token endpoint unreachable', 'TOKEN_EXCHANGE_FAILED');
  }
  const body = (await response.json().catch(() => ({}))) as { id_token?: unknown; error?: unknown; error_description?: unknown };
  if (!response.ok) {
    const reason =
      typeof body.error_description === 'string'
        ? body.error_description
        : typeof body.error === 'string'
          ? body.error
          : `HTTP ${response.status}`;
    throw exchangeError(reason, 'TOKEN_EXCHANGE_FAILED');
  }
  if (typeof body.id_token !== 'string') throw exchangeError('no ID token in the response', 'INVALID_ID_TOKEN');
  const claims = await verifyIdToken(env, body.id_token, flow.nonce);
  if (typeof claims.email !== 'string' || claims.email_verified !== true) {
    throw exchangeError('the Google account has no verified email', 'INVALID_ID_TOKEN');
  }
  return {
    sub: String(claims.sub),
    email: normalizeEmail(claims.email),
    name: typeof claims.name === 'string' ? claims.name : null,
    picture: typeof claims.picture === 'string' ? claims.picture : null,
  };
}

// One JWKS cache per URL for the isolate's life; jose refetches on unknown `kid`s.
const jwksByUrl = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function jwksFor(url: string) {
  let jwks = jwksByUrl.get(url);
  if (!jwks) {
    jwks = createRemoteJWKSet(new URL(url));
    jwksByUrl.set(url, jwks);
  }
  return jwks;
}

/** Verifies signature (JWKS), issuer, audience, expiry and nonce, with a reason on failure. */
export async function verifyIdToken(env: Env, idToken: string, nonce: string): Promise<JWTPayload> {
  // Google's ID tokens carry either form of its issuer (its discovery document says so).
  const issuers = [env.GOOGLE_ISSUER, env.GOOGLE_ISSUER.replace(/^https:\/\//, '')];
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, jwksFor(env.GOOGLE_JWKS_URL), {
      issuer: issuers,
      audience: env.GOOGLE_CLIENT_ID,
      algorithms: ['RS256', 'ES256'],
      requiredClaims: ['sub', 'exp', 'iat'],
    }));
  } catch (error) {
    throw exchangeError(idTokenFailure(error), 'INVALID_ID_TOKEN');
  }
  if (payload.nonce !== nonce) throw exchangeError('ID token nonce mismatch', 'INVALID_ID_TOKEN');
  return payload;
}

function idTokenFailure(error: unknown): string {
  if (error instanceof joseErrors.JWTExpired) return 'ID token has expired';
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return 'ID token audience mismatch';
    if (error.claim === 'iss') return 'ID token issuer mismatch';
    return `ID token claim "${error.claim}" is invalid`;
  }
  if (error instanceof joseErrors.JWSSignatureVerificationFailed || error instanceof joseErrors.JWKSNoMatchingKey) {
    return 'ID token signature is invalid';
  }
  return 'ID token is invalid';
}

const exchangeError = (reason: string, code: string) => new HttpError(400, GOOGLE_ERRORS.exchange(reason), code);

/**
 * The account for a Google identity: the one already linked, else the account with the
 * same (Google-verified) email, now linked, else a new confirmed account.
 */
export async function userForGoogleIdentity(db: Database, identity: GoogleIdentity): Promise<UserRow> {
  const linked = await findUserByGoogleSub(db, identity.sub);
  if (linked) return linked;
  const existing = await findUserByEmail(db, identity.email);
  if (!existing) {
    return createUser(db, {
      email: identity.email,
      confirmed: true,
      googleSub: identity.sub,
      name: identity.name,
      avatarUrl: identity.picture,
    });
  }
  // Google verified the address, which proves the inbox just as our own link would.
  return linkGoogleIdentity(db, await confirmEmail(db, existing), identity);
}
