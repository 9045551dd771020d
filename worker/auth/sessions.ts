/**
 * Sessions (SPEC §3 Session): an `auth_sessions` row is one refresh-token family. Access
 * tokens are short-lived JWTs naming the session; refresh tokens are 32 random bytes,
 * stored hashed, valid 30 days and single use. Exchanging a refresh token twice is
 * treated as theft (RFC 6819 §5.2.2.3, OAuth 2.0 Security BCP §4.14): the whole family
 * is revoked.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { authSessions, refreshTokens } from '../db/schema';
import { HttpError } from '../lib/http';
import { randomToken, sha256Hex } from '../lib/crypto';
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken, type AssuranceLevel } from './access-token';
import { findUserById, listFactors, userDto, type UserDto, type UserRow } from './users';

export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 3600;

/** How a session began; also the access token's `amr`. */
export type SignInMethod = 'password' | 'signup' | 'magiclink' | 'recovery' | 'google';

/** The Session the API returns (GoTrue shape). */
export interface SessionDto {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: UserDto;
}

export const REFRESH_ERRORS = {
  notFound: 'Invalid Refresh Token: Refresh Token Not Found',
  reused: 'Invalid Refresh Token: Already Used',
} as const;

export type SessionRow = typeof authSessions.$inferSelect;

const AMR: Record<SignInMethod, string> = {
  password: 'password',
  signup: 'otp',
  magiclink: 'otp',
  recovery: 'recovery',
  google: 'oauth',
};

async function newRefreshToken(db: Database, sessionId: string, parentHash: string | null): Promise<string> {
  const token = randomToken(32);
  await db.insert(refreshTokens).values({
    tokenHash: await sha256Hex(token),
    sessionId,
    parentHash,
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000).toISOString(),
  });
  return token;
}

async function sessionDto(
  env: Env,
  db: Database,
  user: UserRow,
  session: SessionRow,
  refreshToken: string,
  amr: string[],
): Promise<SessionDto> {
  const factors = await listFactors(db, user.id);
  const { token, expiresAt } = await signAccessToken(env.JWT_SECRET, {
    sub: user.id,
    email: user.email,
    session_id: session.id,
    aal: session.aal as AssuranceLevel,
    amr,
  });
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userDto(user, factors),
  };
}

/**
 * Opens a session for a user who just proved one factor. If they have a verified TOTP
 * factor the session stays `mfaPending` (not a signed-in viewer) until a code is verified.
 */
export async function startSession(env: Env, db: Database, user: UserRow, method: SignInMethod): Promise<SessionDto> {
  const factors = await listFactors(db, user.id);
  const [session] = await db
    .insert(authSessions)
    .values({
      id: crypto.randomUUID(),
      userId: user.id,
      aal: 'aal1',
      mfaPending: factors.some((f) => f.status === 'verified'),
      method,
    })
    .returning();
  return sessionDto(env, db, user, session, await newRefreshToken(db, session.id, null), [AMR[method]]);
}

/** Rotates a refresh token: the old one is spent, a child is issued in the same family. */
export async function refreshSession(env: Env, db: Database, refreshToken: string): Promise<SessionDto> {
  const tokenHash = await sha256Hex(refreshToken);
  const now = new Date().toISOString();
  const stored = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).get();
  if (!stored) throw new HttpError(400, REFRESH_ERRORS.notFound, 'REFRESH_TOKEN_NOT_FOUND');
  // Spend it atomically: of two racing exchanges only one gets the row back.
  const [spent] = await db
    .update(refreshTokens)
    .set({ usedAt: now })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
    .returning();
  if (!spent) {
    await revokeSession(db, stored.sessionId);
    throw new HttpError(400, REFRESH_ERRORS.reused, 'REFRESH_TOKEN_REUSED');
  }
  const session = await db.select().from(authSessions).where(eq(authSessions.id, stored.sessionId)).get();
  if (!session || session.revokedAt || stored.expiresAt <= now) {
    throw new HttpError(400, REFRESH_ERRORS.notFound, 'REFRESH_TOKEN_NOT_FOUND');
  }
  const user = await findUserById(db, session.userId);
  if (!user) throw new HttpError(400, REFRESH_ERRORS.notFound, 'REFRESH_TOKEN_NOT_FOUND');
  await db.update(authSessions).set({ refreshedAt: now }).where(eq(authSessions.id, session.id));
  const child = await newRefreshToken(db, session.id, tokenHash);
  return sessionDto(env, db, user, session, child, [AMR[session.method as SignInMethod] ?? 'password']);
}

/** Raises a session to aal2 after a verified TOTP code, with fresh tokens. */
export async function elevateSession(env: Env, db: Database, user: UserRow, sessionId: string): Promise<SessionDto> {
  const [session] = await db
    .update(authSessions)
    .set({ aal: 'aal2', mfaPending: false, refreshedAt: new Date().toISOString() })
    .where(eq(authSessions.id, sessionId))
    .returning();
  return sessionDto(env, db, user, session, await newRefreshToken(db, session.id, null), [
    AMR[session.method as SignInMethod] ?? 'password',
    'totp',
  ]);
}

/** The live (not revoked) session, if any. */
export async function findLiveSession(db: Database, sessionId: string): Promise<SessionRow | undefined> {
  if (!sessionId) return undefined;
  return db
    .select()
    .from(authSessions)
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)))
    .get();
}

/** Revokes one session: its access tokens stop working and its refresh tokens are refused. */
export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: new Date().toISOString() })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
}

/** Revokes every session of a user, optionally keeping one (the caller's). */
export async function revokeUserSessions(db: Database, userId: string, keepSessionId?: string): Promise<void> {
  const live = await db
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)))
    .all();
  for (const { id } of live) if (id !== keepSessionId) await revokeSession(db, id);
}
