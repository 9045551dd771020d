/**
 * The owner of `auth_sessions` and `refresh_tokens`: a session row is one refresh-token
 * family, and refresh tokens are stored only as SHA-256 hashes.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { authSessions, refreshTokens } from '../../db/schema';

export type SessionRow = typeof authSessions.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

/** Opens a session (a new refresh-token family). */
export async function insertSession(db: Database, input: { userId: string; mfaPending: boolean; method: string }): Promise<SessionRow> {
  const [session] = await db
    .insert(authSessions)
    .values({ id: crypto.randomUUID(), userId: input.userId, aal: 'aal1', mfaPending: input.mfaPending, method: input.method })
    .returning();
  return session;
}

/** A session by id, revoked or not. */
export async function findSession(db: Database, sessionId: string): Promise<SessionRow | undefined> {
  return db.select().from(authSessions).where(eq(authSessions.id, sessionId)).get();
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

/** Records a refresh of the session. */
export async function touchSession(db: Database, sessionId: string, nowIso: string): Promise<void> {
  await db.update(authSessions).set({ refreshedAt: nowIso }).where(eq(authSessions.id, sessionId));
}

/** Raises a session to aal2 (a TOTP code was verified in it). */
export async function raiseSessionToAal2(db: Database, sessionId: string, nowIso: string): Promise<SessionRow> {
  const [session] = await db
    .update(authSessions)
    .set({ aal: 'aal2', mfaPending: false, refreshedAt: nowIso })
    .where(eq(authSessions.id, sessionId))
    .returning();
  return session;
}

/** Revokes one session (no-op when already revoked). */
export async function revokeSessionRow(db: Database, sessionId: string, nowIso: string): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: nowIso })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
}

/** Ids of a user's live sessions. */
export async function liveSessionIds(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)))
    .all();
  return rows.map((row) => row.id);
}

/** Stores a refresh token's hash in a family. */
export async function insertRefreshToken(
  db: Database,
  row: { tokenHash: string; sessionId: string; parentHash: string | null; expiresAt: string },
): Promise<void> {
  await db.insert(refreshTokens).values(row);
}

/** A refresh token by hash, spent or not. */
export async function findRefreshToken(db: Database, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  return db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).get();
}

/** Spends a refresh token atomically: of two racing exchanges only one gets the row back. */
export async function spendRefreshToken(db: Database, tokenHash: string, nowIso: string): Promise<RefreshTokenRow | undefined> {
  const [spent] = await db
    .update(refreshTokens)
    .set({ usedAt: nowIso })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
    .returning();
  return spent;
}
