/**
 * The owner of the TOTP tables, `mfa_factors` and `mfa_challenges`: enrolment, lookups,
 * the atomic claim of a time step (no code replay) and challenges.
 */
import { and, asc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mfaChallenges, mfaFactors } from '../../db/schema';

export type FactorRow = typeof mfaFactors.$inferSelect;
export type ChallengeRow = typeof mfaChallenges.$inferSelect;

/** The user's factors, oldest first. */
export async function listFactors(db: Database, userId: string): Promise<FactorRow[]> {
  return db.select().from(mfaFactors).where(eq(mfaFactors.userId, userId)).orderBy(asc(mfaFactors.createdAt)).all();
}

/** True when the account has a verified factor (then sensitive changes need aal2). */
export async function hasVerifiedFactor(db: Database, userId: string): Promise<boolean> {
  const row = await db
    .select({ id: mfaFactors.id })
    .from(mfaFactors)
    .where(and(eq(mfaFactors.userId, userId), eq(mfaFactors.status, 'verified')))
    .get();
  return row !== undefined;
}

/** The user's own factor by id; someone else's factor is indistinguishable from none. */
export async function findOwnFactor(db: Database, userId: string, factorId: string): Promise<FactorRow | undefined> {
  return db
    .select()
    .from(mfaFactors)
    .where(and(eq(mfaFactors.id, factorId), eq(mfaFactors.userId, userId)))
    .get();
}

/** Enrols a new unverified factor, replacing abandoned enrolments rather than piling them up. */
export async function enrollFactor(
  db: Database,
  input: { userId: string; friendlyName: string | null; secretCiphertext: string },
): Promise<FactorRow> {
  await db.delete(mfaFactors).where(and(eq(mfaFactors.userId, input.userId), eq(mfaFactors.status, 'unverified')));
  const [factor] = await db
    .insert(mfaFactors)
    .values({
      id: crypto.randomUUID(),
      userId: input.userId,
      factorType: 'totp',
      friendlyName: input.friendlyName,
      status: 'unverified',
      secretCiphertext: input.secretCiphertext,
    })
    .returning();
  return factor;
}

/**
 * Claims a 30-second step for a factor and marks it verified, atomically: of two racing
 * verifies with one code only one gets the row back.
 */
export async function claimFactorStep(db: Database, factorId: string, step: number, nowIso: string): Promise<FactorRow | undefined> {
  const [claimed] = await db
    .update(mfaFactors)
    .set({ status: 'verified', lastUsedStep: step, updatedAt: nowIso })
    .where(and(eq(mfaFactors.id, factorId), or(isNull(mfaFactors.lastUsedStep), lt(mfaFactors.lastUsedStep, step))))
    .returning();
  return claimed;
}

/** Unenrols a factor. */
export async function deleteFactor(db: Database, factorId: string): Promise<void> {
  await db.delete(mfaFactors).where(eq(mfaFactors.id, factorId));
}

/** Opens a challenge for a factor, tied to the session that asked. */
export async function createChallenge(
  db: Database,
  input: { factorId: string; sessionId: string; expiresAt: string },
): Promise<ChallengeRow> {
  const [challenge] = await db
    .insert(mfaChallenges)
    .values({ id: crypto.randomUUID(), ...input })
    .returning();
  return challenge;
}

/** A challenge by id, if any. */
export async function findChallenge(db: Database, challengeId: string): Promise<ChallengeRow | undefined> {
  return db.select().from(mfaChallenges).where(eq(mfaChallenges.id, challengeId)).get();
}

/** Marks a challenge answered, so it can't be answered again. */
export async function markChallengeVerified(db: Database, challengeId: string, nowIso: string): Promise<void> {
  await db.update(mfaChallenges).set({ verifiedAt: nowIso }).where(eq(mfaChallenges.id, challengeId));
}
