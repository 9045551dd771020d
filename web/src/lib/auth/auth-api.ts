/**
 * The authentication service calls (SPEC §7, GoTrue-shaped, served by our Worker under
 * /api/auth). Shared by the auth pages, the landing page's magic-link modal and the
 * account menu, so it lives with the session rather than in one feature.
 */
import type { InferResponseType } from 'hono/client';
import { api, okJson, withBearer } from '../api-client';
import { sessionManager } from './session';
import type { MfaFactor, Session, User } from './session-manager';

/** Where auth emails send people back to. On a local host that is port 3000 (SPEC §2). */
export function authRedirectUrl(path: string, location: Pick<Location, 'hostname' | 'origin'> = window.location): string {
  const local = location.hostname === 'localhost' || location.hostname === '127.0.0.1';
  return `${local ? `http://${location.hostname}:3000` : location.origin}${path}`;
}

export interface SignUpInput {
  email: string;
  password: string;
  captchaToken: string | null;
}

export function signUp(input: SignUpInput): Promise<unknown> {
  return okJson(
    api.auth.signup.$post({
      json: { email: input.email, password: input.password, captchaToken: input.captchaToken ?? undefined },
    }),
  );
}

/**
 * A password sign-in's outcome. A user with a verified TOTP factor gets an aal1 session
 * that the API treats as a visitor until a code is verified: that session is handed back
 * (not stored, so the app never shows a half-signed-in user) with the factor to challenge.
 */
export type PasswordSignIn = { kind: 'signed-in'; session: Session } | { kind: 'mfa-required'; session: Session; factor: MfaFactor };

/**
 * Password sign-in; stores the session and announces SIGNED_IN unless a TOTP code is
 * still needed. `captchaToken` answers the server's CAPTCHA_REQUIRED after repeated failures.
 */
export async function signInWithPassword(email: string, password: string, captchaToken: string | null = null): Promise<PasswordSignIn> {
  const json = { email, password, captchaToken: captchaToken ?? undefined };
  const session = await okJson(api.auth.token.$post({ query: { grant_type: 'password' }, json }));
  const factor = pendingTotpFactor(session);
  if (factor) return { kind: 'mfa-required', session, factor };
  sessionManager.setSession(session, 'SIGNED_IN');
  return { kind: 'signed-in', session };
}

/** The session's authenticator assurance level (the access token's `aal`; aal1 when absent). */
export function assuranceLevel(session: Pick<Session, 'access_token'>): 'aal1' | 'aal2' {
  return jwtPayload(session.access_token)?.aal === 'aal2' ? 'aal2' : 'aal1';
}

/** The verified TOTP factor an aal1 session still has to prove, or null when none is owed. */
export function pendingTotpFactor(session: Session): MfaFactor | null {
  if (assuranceLevel(session) === 'aal2') return null;
  return session.user.factors?.find((factor) => factor.factor_type === 'totp' && factor.status === 'verified') ?? null;
}

/** A freshly enrolled (unverified) TOTP factor: the secret for manual entry and the otpauth URI. */
export type TotpEnrollment = InferResponseType<typeof api.auth.factors.$post, 200>;

/** Starts TOTP enrolment for the signed-in user (replaces any unfinished enrolment). */
export function enrollTotp(friendlyName?: string): Promise<TotpEnrollment> {
  return okJson(api.auth.factors.$post({ json: { factor_type: 'totp', friendly_name: friendlyName } }));
}

/**
 * Challenges a factor and verifies a code against it, with the given session's token
 * (a pending sign-in) or the stored one. The answer is an aal2 session: it is stored and
 * announced as MFA_CHALLENGE_VERIFIED.
 */
export async function verifyTotp(factorId: string, code: string, pending?: Session): Promise<Session> {
  const options = withBearer(pending?.access_token);
  const factor = api.auth.factors[':id'];
  const param = { id: encodeURIComponent(factorId) };
  const challenge = await okJson(factor.challenge.$post({ param }, options));
  const session = await okJson(factor.verify.$post({ param, json: { challenge_id: challenge.id, code } }, options));
  sessionManager.setSession(session, 'MFA_CHALLENGE_VERIFIED');
  return session;
}

/** Ends a sign-in abandoned at the code step: its aal1 session is revoked (errors only logged). */
export async function abandonPendingSignIn(pending: Session): Promise<void> {
  await signOutOnServer(pending.access_token);
}

/** Revokes a session server-side; a failure is only logged (SPEC §8). */
async function signOutOnServer(accessToken: string): Promise<void> {
  await okJson(api.auth.logout.$post(undefined, withBearer(accessToken))).catch((error: unknown) => {
    console.warn('Sign-out request failed', error);
  });
}

/** Removes a factor, then refreshes the stored user so its factor list is current. */
export async function unenrollFactor(factorId: string): Promise<void> {
  await okJson(api.auth.factors[':id'].$delete({ param: { id: encodeURIComponent(factorId) } }));
  const token = sessionManager.getSession()?.access_token;
  if (token) sessionManager.updateUser(await fetchUser(token));
}

/** Emails a magic link that lands on /auth/success. */
export function sendMagicLink(email: string): Promise<unknown> {
  return okJson(api.auth.otp.$post({ json: { email, create_user: true, redirect_to: authRedirectUrl('/auth/success') } }));
}

/** Emails a password-reset link that lands on /reset-password. */
export function sendPasswordReset(email: string): Promise<unknown> {
  return okJson(api.auth.recover.$post({ json: { email, redirect_to: authRedirectUrl('/reset-password') } }));
}

/** Sets a new password with the given (recovery) access token. */
export async function updatePassword(password: string, accessToken: string): Promise<User> {
  const user = await okJson(api.auth.user.$put({ json: { password } }, withBearer(accessToken)));
  sessionManager.updateUser(user);
  return user;
}

/** Revokes the session server-side (errors only logged, SPEC §8) and forgets it here. */
export async function signOut(): Promise<void> {
  const token = sessionManager.getSession()?.access_token;
  if (token) await signOutOnServer(token);
  sessionManager.removeSession();
}

/** Exchanges the Google popup's code and state for a session. */
export async function exchangeGoogleCode(code: string, state: string): Promise<Session> {
  return okJson(api.auth.google.callback.$post({ json: { code, state } }));
}

/** Reads a session carried in a URL hash or query (magic link, confirmation, recovery). */
export function sessionFromUrl(hash: string, search: string): { session: Session | null; type: string | null } {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const query = new URLSearchParams(search);
  const read = (key: string) => params.get(key) ?? query.get(key);
  const accessToken = read('access_token');
  const refreshToken = read('refresh_token');
  const type = read('type');
  if (!accessToken || !refreshToken) return { session: null, type };
  const expiresIn = Number(read('expires_in') ?? '3600');
  const expiresAt = Number(read('expires_at') ?? String(Math.floor(Date.now() / 1000) + expiresIn));
  const user = userFromJwt(accessToken);
  return {
    session: {
      access_token: accessToken,
      refresh_token: refreshToken,
      expires_in: expiresIn,
      expires_at: expiresAt,
      token_type: read('token_type') ?? 'bearer',
      user: user ?? { id: '', email: '' },
    },
    type,
  };
}

/** The user id and email inside an access token (read, not verified: the server verifies). */
export function userFromJwt(token: string): User | null {
  const json = jwtPayload(token);
  if (!json || typeof json.sub !== 'string' || typeof json.email !== 'string') return null;
  return { id: json.sub, email: json.email };
}

/** An access token's claims, decoded without verification (the server verifies). */
function jwtPayload(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    return json && typeof json === 'object' ? (json as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The signed-in user as the server has it now (with the current factors). */
export function getCurrentUser(): Promise<User> {
  return okJson(api.auth.user.$get());
}

/** Confirms the stored user with the server (fills in id, identities and factors). */
export async function fetchUser(accessToken: string): Promise<User> {
  return okJson(api.auth.user.$get(undefined, withBearer(accessToken)));
}
