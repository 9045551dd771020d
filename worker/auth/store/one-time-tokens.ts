/** The owner of `one_time_tokens`: emailed links, stored only as SHA-256 hashes. */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { oneTimeTokens } from '../../db/schema';

export type OneTimeTokenRow = typeof oneTimeTokens.$inferSelect;
export type OneTimeTokenType = OneTimeTokenRow['type'];

/** Stores a link token's hash. */
export async function insertOneTimeToken(
  db: Database,
  row: { tokenHash: string; type: OneTimeTokenType; email: string; userId: string | null; payload: string; expiresAt: string },
): Promise<void> {
  await db.insert(oneTimeTokens).values(row);
}

/** Marks a live token of this type used and returns it, in one UPDATE … RETURNING. */
export async function spendOneTimeToken(
  db: Database,
  tokenHash: string,
  type: OneTimeTokenType,
  nowIso: string,
): Promise<OneTimeTokenRow | undefined> {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: nowIso })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, tokenHash),
        eq(oneTimeTokens.type, type),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, nowIso),
      ),
    )
    .returning();
  return row;
}

/** The payload of the newest unused token of a type for an address, if any. */
export async function newestUnusedPayload(db: Database, email: string, type: OneTimeTokenType): Promise<string | undefined> {
  const rows = await db
    .select({ payload: oneTimeTokens.payload, createdAt: oneTimeTokens.createdAt })
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.email, email), eq(oneTimeTokens.type, type), isNull(oneTimeTokens.usedAt)))
    .all();
  return rows.sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0]?.payload;
}
