/**
 * Session access tokens: HS256 JWTs signed with jose (`sub`, `email`, `aud`, `iat`,
 * `exp` one hour, `session_id`, plus GoTrue's `role`, `aal` and `amr` so a GoTrue-style
 * client can read the assurance level). The secret is the `JWT_SECRET` Worker secret.
 */
import { SignJWT, jwtVerify } from 'jose';

export const ACCESS_TOKEN_AUDIENCE = 'authenticated';
export const ACCESS_TOKEN_TTL_SECONDS = 3600;

/** Authenticator assurance level: aal1 after one factor, aal2 after password + TOTP. */
export type AssuranceLevel = 'aal1' | 'aal2';

export interface AccessClaims {
  sub: string;
  email: string;
  session_id: string;
  aal?: AssuranceLevel;
  /** How the session was established (e.g. `password`, `otp`, `oauth`, `totp`). */
  amr?: string[];
}

const keyOf = (secret: string) => new TextEncoder().encode(secret);

/** Signs an access token; returns it with its expiry (unix seconds). */
export async function signAccessToken(
  secret: string,
  claims: AccessClaims,
  now = Math.floor(Date.now() / 1000),
): Promise<{ token: string; expiresAt: number }> {
  const expiresAt = now + ACCESS_TOKEN_TTL_SECONDS;
  const token = await new SignJWT({
    email: claims.email,
    session_id: claims.session_id,
    role: 'authenticated',
    aal: claims.aal ?? 'aal1',
    amr: (claims.amr ?? []).map((method) => ({ method, timestamp: now })),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setAudience(ACCESS_TOKEN_AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(expiresAt)
    .sign(keyOf(secret));
  return { token, expiresAt };
}

/** Verifies signature, audience and expiry; null when the token is not valid. */
export async function verifyAccessToken(secret: string, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ['HS256'],
      audience: ACCESS_TOKEN_AUDIENCE,
    });
    if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return null;
    const sessionId = typeof payload.session_id === 'string' ? payload.session_id : '';
    const aal: AssuranceLevel = payload.aal === 'aal2' ? 'aal2' : 'aal1';
    return { sub: payload.sub, email: payload.email, session_id: sessionId, aal };
  } catch {
    return null;
  }
}
