/**
 * Who is asking: a signed-in user (bearer access token of a live session) or a visitor.
 * Resolved once per request by middleware and read by routes through `c.get('viewer')`.
 *
 * The session row is checked on every bearer request (one primary-key read), so signing
 * out, a reused refresh token or a pending TOTP step take effect at once rather than when
 * the one-hour access token expires.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { database } from '../db/client';
import { HttpError } from '../lib/http';
import { verifyAccessToken, type AccessClaims } from './access-token';
import { findLiveSession, type SessionRow } from './store/sessions';

export type Viewer = { kind: 'user'; userId: string; email: string; sessionId: string } | { kind: 'visitor' };

export type AppEnv = { Bindings: Env; Variables: { viewer: Viewer } };

/** The bearer token of a request, if any. */
export function bearerToken(header: string | undefined | null): string | null {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  return match ? match[1].trim() : null;
}

/** The verified claims and live session behind a bearer header, or null. */
export async function resolveSession(
  env: Env,
  authorization: string | null | undefined,
): Promise<{ claims: AccessClaims; session: SessionRow } | null> {
  const token = bearerToken(authorization);
  if (!token) return null;
  const claims = await verifyAccessToken(env.JWT_SECRET, token);
  if (!claims) return null;
  const session = await findLiveSession(database(env.DB), claims.session_id);
  if (!session || session.userId !== claims.sub) return null;
  return { claims, session };
}

/**
 * Resolves the viewer from the Authorization header. A bad or revoked token, or a session
 * still waiting for its TOTP code, makes a visitor.
 */
export async function resolveViewer(env: Env, authorization: string | null | undefined): Promise<Viewer> {
  const resolved = await resolveSession(env, authorization);
  if (!resolved || resolved.session.mfaPending) return { kind: 'visitor' };
  const { claims } = resolved;
  return { kind: 'user', userId: claims.sub, email: claims.email, sessionId: claims.session_id };
}

export const viewerMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('viewer', await resolveViewer(c.env, c.req.header('Authorization')));
  await next();
};

/** The signed-in user, or null for visitors. */
export function signedInUser(c: Context<AppEnv>): Extract<Viewer, { kind: 'user' }> | null {
  const viewer = c.get('viewer');
  return viewer.kind === 'user' ? viewer : null;
}

export const AUTH_REQUIRED_MESSAGE = 'Authentication required';

/** The signed-in user, or 401 for routes that only make sense with an account. */
export function requireUser(c: Context<AppEnv>): Extract<Viewer, { kind: 'user' }> {
  const user = signedInUser(c);
  if (!user) throw new HttpError(401, AUTH_REQUIRED_MESSAGE, 'UNAUTHORIZED');
  return user;
}

/**
 * The caller's session for the auth endpoints that a session waiting for its TOTP code
 * may use (read the user, challenge and verify a factor, sign out); 401 otherwise.
 */
export async function requireSession(c: Context<AppEnv>): Promise<{ claims: AccessClaims; session: SessionRow }> {
  const resolved = await resolveSession(c.env, c.req.header('Authorization'));
  if (!resolved) throw new HttpError(401, AUTH_REQUIRED_MESSAGE, 'UNAUTHORIZED');
  return resolved;
}
