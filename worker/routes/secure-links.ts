/**
 * The owner's control over an analysis's secure link (SPEC §6 secure-link viewer):
 * `DELETE /api/analysis/:id/access-token` revokes it (every copy of the link, including
 * the emailed dashboard link, stops working) and `POST /api/analysis/:id/access-token`
 * issues a new one, returned once and stored only as a hash.
 */
import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { authorizeAnalysis } from '../auth/analysis-access';
import { siteUrl } from '../auth/site-url';
import type { AppEnv } from '../auth/viewer';
import { findAnalysis } from '../db/analyses';
import { database } from '../db/client';
import { analyses } from '../db/schema';
import { randomToken, sha256Hex } from '../lib/crypto';

/** Only the owner gets past this: no link token is considered here. */
async function ownedAnalysisId(c: Context<AppEnv>): Promise<string> {
  const id = c.req.param('id') ?? '';
  await authorizeAnalysis(await findAnalysis(database(c.env.DB), id), c.get('viewer'), null);
  return id;
}

export const secureLinksRoutes = new Hono<AppEnv>()
  .post('/analysis/:id/access-token', async (c) => {
    const id = await ownedAnalysisId(c);
    const accessToken = randomToken(32);
    await database(c.env.DB)
      .update(analyses)
      .set({ accessTokenHash: await sha256Hex(accessToken) })
      .where(eq(analyses.id, id));
    c.header('Cache-Control', 'no-store');
    return c.json({
      access_token: accessToken,
      analysis_url: siteUrl(c.env, `/analysis/${id}/${accessToken}`),
      dashboard_url: siteUrl(c.env, `/dashboard/${id}/${accessToken}`),
    });
  })
  .delete('/analysis/:id/access-token', async (c) => {
    const id = await ownedAnalysisId(c);
    await database(c.env.DB).update(analyses).set({ accessTokenHash: null }).where(eq(analyses.id, id));
    return c.json({ revoked: true });
  });
