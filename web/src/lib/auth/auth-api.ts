/**
 * The authentication service calls (SPEC §7, GoTrue-shaped, served by our Worker under
 * /api/auth). Shared by the auth pages, the landing page's magic-link modal and the
 * account menu, so it lives with the session rather than in one feature.
 */
import { ApiError, requestJson } from '../api-client';
import { sessionManager } from './session';
import { isSession, type Session, type User } from './session-manager';

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
  return requestJson('/auth/signup', {
    json: { email: input.email, password: input.password, captchaToken: input.captchaToken ?? undefined },
  });
}

/** Password sign-in; stores the session and announces SIGNED_IN. */
export async function signInWithPassword(email: string, password: string): Promise<Session> {
  const session = await requestJson<unknown>('/auth/token?grant_type=password', { json: { email, password } });
  if (!isSession(session)) throw new ApiError(500, 'Something went wrong. Please try again.');
  sessionManager.setSession(session, 'SIGNED_IN');
  return session;
}

/** Emails a magic link that lands on /auth/success. */
export function sendMagicLink(email: string): Promise<unknown> {
  return requestJson('/auth/otp', {
    json: { email, create_user: true, redirect_to: authRedirectUrl('/auth/success') },
  });
}

/** Emails a password-reset link that lands on /reset-password. */
export function sendPasswordReset(email: string): Promise<unknown> {
  return requestJson('/auth/recover', { json: { email, redirect_to: authRedirectUrl('/reset-password') } });
}

/** Sets a new password with the given (recovery) access token. */
export async function updatePassword(password: string, accessToken: string): Promise<User> {
  const user = await requestJson<User>('/auth/user', { method: 'PUT', json: { password }, bearer: accessToken });
  sessionManager.updateUser(user);
  return user;
}

/** Revokes the session server-side (errors only logged, SPEC §8) and forgets it here. */
export async function signOut(): Promise<void> {
  const token = sessionManager.getSession()?.access_token;
  if (token) {
    await requestJson('/auth/logout', { method: 'POST', bearer: token }).catch((error: unknown) => {
      console.warn('Sign-out request failed', error);
    });
  }
  sessionManager.removeSession();
}

/** Exchanges the Google popup's code and state for a session. */
export async function exchangeGoogleCode(code: string, state: string): Promise<Session> {
  const session = await requestJson<unknown>('/auth/google/callback', { json: { code, state } });
  if (!isSession(session)) throw new ApiError(500, 'No session returned');
  return session;
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
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown; email?: unknown };
    if (typeof json.sub !== 'string' || typeof json.email !== 'string') return null;
    return { id: json.sub, email: json.email };
  } catch {
    return null;
  }
}

/** Confirms the stored user with the server (fills in id, identities and factors). */
export async function fetchUser(accessToken: string): Promise<User> {
  return requestJson<User>('/auth/user', { bearer: accessToken });
}
