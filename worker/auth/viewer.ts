/**
 * Who is asking: a signed-in user (bearer access token) or a visitor. Resolved once per
 * request by middleware and read by routes through `c.get('viewer')`.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { verifyAccessToken, type AccessClaims } from './access-token';

export type Viewer = { kind: 'user'; userId: string; email: string; sessionId: string } | { kind: 'visitor' };

export type AppEnv = { Bindings: Env; Variables: { viewer: Viewer } };

/** The bearer token of a request, if any. */
export function bearerToken(header: string | undefined | null): string | null {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  return match ? match[1].trim() : null;
}

/** Resolves the viewer from the Authorization header; a bad token makes a visitor. */
export async function resolveViewer(env: Env, authorization: string | null | undefined): Promise<Viewer> {
  const token = bearerToken(authorization);
  if (!token) return { kind: 'visitor' };
  const claims: AccessClaims | null = await verifyAccessToken(env.JWT_SECRET, token);
  if (!claims) return { kind: 'visitor' };
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
