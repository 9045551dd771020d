/**
 * The owner's control over an analysis's secure link (SPEC §6 secure-link viewer):
 * `DELETE /api/analysis/:id/access-token` revokes it (every copy of the link, including
 * the emailed dashboard link, stops working) and `POST /api/analysis/:id/access-token`
 * issues a new one, returned once and stored only as a hash.
 */
import { Hono } from 'hono';
import { siteUrl } from '../auth/site-url';
import type { AppEnv } from '../auth/viewer';
import { analysisAccess } from '../analyses/access';
import { setAccessTokenHash } from '../db/analyses';
import { database } from '../db/client';
import { randomToken, sha256Hex } from '../lib/crypto';

/** Only the owner gets past this: no link token is considered here. */
const ownerOnly = analysisAccess({ link: 'none' });

export const secureLinksRoutes = new Hono<AppEnv>()
  .post('/analysis/:id/access-token', ownerOnly, async (c) => {
    const { id } = c.get('analysis');
    const accessToken = randomToken(32);
    await setAccessTokenHash(database(c.env.DB), id, await sha256Hex(accessToken));
    c.header('Cache-Control', 'no-store');
    return c.json({
      access_token: accessToken,
      analysis_url: siteUrl(c.env, `/analysis/${id}/${accessToken}`),
      dashboard_url: siteUrl(c.env, `/dashboard/${id}/${accessToken}`),
    });
  })
  .delete('/analysis/:id/access-token', ownerOnly, async (c) => {
    await setAccessTokenHash(database(c.env.DB), c.get('analysis').id, null);
    return c.json({ revoked: true });
  });
