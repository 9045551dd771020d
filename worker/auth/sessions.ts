/**
 * Sessions (SPEC §3 Session): an `auth_sessions` row is one refresh-token family. Access
 * tokens are short-lived JWTs naming the session; refresh tokens are 32 random bytes,
 * stored hashed, valid 30 days and single use. Exchanging a refresh token again more than
 * `REFRESH_REUSE_GRACE_SECONDS` after its first exchange is treated as theft (RFC 6819
 * §5.2.2.3, OAuth 2.0 Security BCP §4.14): the whole family is revoked. Within the grace
 * window it is two tabs refreshing at once, and both get a valid session (as GoTrue's
 * `refresh_token_reuse_interval`). The rows are kept by store/sessions.ts.
 */
import type { Database } from '../db/client';
import { HttpError } from '../lib/http';
import { randomToken, sha256Hex } from '../lib/crypto';
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken, type AssuranceLevel } from './access-token';
import { listFactors } from './store/factors';
import {
  findRefreshToken,
  findSession,
  insertRefreshToken,
  insertSession,
  liveSessionIds,
  raiseSessionToAal2,
  revokeSessionRow,
  spendRefreshToken,
  touchSession,
  type SessionRow,
} from './store/sessions';
import { findUserById, type UserRow } from './store/users';
import { userDto, type UserDto } from './users';

export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 3600;

/** How long after its first exchange a refresh token may be exchanged again (GoTrue: 10 s). */
export const REFRESH_REUSE_GRACE_SECONDS = 10;

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

const AMR: Record<SignInMethod, string> = {
  password: 'password',
  signup: 'otp',
  magiclink: 'otp',
  recovery: 'recovery',
  google: 'oauth',
};

async function newRefreshToken(db: Database, sessionId: string, parentHash: string | null): Promise<string> {
  const token = randomToken(32);
  await insertRefreshToken(db, {
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
  const session = await insertSession(db, { userId: user.id, mfaPending: factors.some((f) => f.status === 'verified'), method });
  return sessionDto(env, db, user, session, await newRefreshToken(db, session.id, null), [AMR[method]]);
}

/**
 * Rotates a refresh token: the old one is spent, a child is issued in the same family. A
 * token spent at most `REFRESH_REUSE_GRACE_SECONDS` ago yields another child (its raw
 * sibling isn't stored, only its hash); a later reuse revokes the family.
 */
export async function refreshSession(env: Env, db: Database, refreshToken: string, nowMs = Date.now()): Promise<SessionDto> {
  const tokenHash = await sha256Hex(refreshToken);
  const now = new Date(nowMs).toISOString();
  const stored = await findRefreshToken(db, tokenHash);
  if (!stored) throw new HttpError(400, REFRESH_ERRORS.notFound, 'REFRESH_TOKEN_NOT_FOUND');
  // Spend it atomically: of two racing exchanges only one gets the row back.
  if (!(await spendRefreshToken(db, tokenHash, now))) {
    const usedAt = (await findRefreshToken(db, tokenHash))?.usedAt ?? stored.usedAt;
    if (!usedAt || Date.parse(usedAt) + REFRESH_REUSE_GRACE_SECONDS * 1000 < nowMs) {
      await revokeSession(db, stored.sessionId);
      throw new HttpError(400, REFRESH_ERRORS.reused, 'REFRESH_TOKEN_REUSED');
    }
  }
  const session = await findSession(db, stored.sessionId);
  if (!session || session.revokedAt || stored.expiresAt <= now) {
    throw new HttpError(400, REFRESH_ERRORS.notFound, 'REFRESH_TOKEN_NOT_FOUND');
  }
  const user = await findUserById(db, session.userId);
  if (!user) throw new HttpError(400, REFRESH_ERRORS.notFound, 'REFRESH_TOKEN_NOT_FOUND');
  await touchSession(db, session.id, now);
  const child = await newRefreshToken(db, session.id, tokenHash);
  return sessionDto(env, db, user, session, child, [AMR[session.method as SignInMethod] ?? 'password']);
}

/** Raises a session to aal2 after a verified TOTP code, with fresh tokens. */
export async function elevateSession(env: Env, db: Database, user: UserRow, sessionId: string): Promise<SessionDto> {
  const session = await raiseSessionToAal2(db, sessionId, new Date().toISOString());
  return sessionDto(env, db, user, session, await newRefreshToken(db, session.id, null), [
    AMR[session.method as SignInMethod] ?? 'password',
    'totp',
  ]);
}

/** Revokes one session: its access tokens stop working and its refresh tokens are refused. */
export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  await revokeSessionRow(db, sessionId, new Date().toISOString());
}

/** Revokes every session of a user, optionally keeping one (the caller's). */
export async function revokeUserSessions(db: Database, userId: string, keepSessionId?: string): Promise<void> {
  for (const id of await liveSessionIds(db, userId)) if (id !== keepSessionId) await revokeSession(db, id);
}
