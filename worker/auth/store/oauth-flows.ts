/** The owner of `oauth_flows`: Google sign-in flows in flight, stored under the state's hash. */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { oauthFlows } from '../../db/schema';

export type OAuthFlowRow = typeof oauthFlows.$inferSelect;

/** Stores a new flow. */
export async function insertOAuthFlow(
  db: Database,
  flow: { stateHash: string; codeVerifier: string; nonce: string; redirectUri: string; expiresAt: string },
): Promise<void> {
  await db.insert(oauthFlows).values(flow);
}

/** Spends the flow with this state hash; null when unknown, used or expired. */
export async function spendOAuthFlow(db: Database, stateHash: string, nowIso: string): Promise<OAuthFlowRow | null> {
  const [flow] = await db
    .update(oauthFlows)
    .set({ usedAt: nowIso })
    .where(and(eq(oauthFlows.stateHash, stateHash), isNull(oauthFlows.usedAt), gt(oauthFlows.expiresAt, nowIso)))
    .returning();
  return flow ?? null;
}
