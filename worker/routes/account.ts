/**
 * A signed-in user's analyses (SPEC §4 claims, §7): `POST /api/claim-analyses` moves the
 * analyses made as a visitor under the account, and `GET /api/user-analyses` lists them
 * for the sidebar history. A session still waiting for its TOTP code is a visitor here
 * (viewer.ts), so it can do neither.
 */
import { Hono } from 'hono';
import { findUserById } from '../auth/store/users';
import { requireUser, type AppEnv } from '../auth/viewer';
import { database } from '../db/client';
import { claimVisitorAnalyses, listUserAnalyses } from '../db/analyses';

/** The sidebar shows recent history; older analyses stay reachable by link. */
export const USER_ANALYSES_LIMIT = 200;

export const accountRoutes = new Hono<AppEnv>()
  .post('/claim-analyses', async (c) => {
    const viewer = requireUser(c);
    const db = database(c.env.DB);
    const user = await findUserById(db, viewer.userId);
    // Only a proven inbox may claim what was sent to it; otherwise anyone could sign up
    // as someone else's address and take their analyses.
    if (!user?.emailConfirmedAt) return c.json({ claimed_count: 0 });
    const claimed = await claimVisitorAnalyses(db, user.id, user.email);
    return c.json({ claimed_count: claimed.length });
  })
  .get('/user-analyses', async (c) => {
    const viewer = requireUser(c);
    const rows = await listUserAnalyses(database(c.env.DB), viewer.userId, USER_ANALYSES_LIMIT);
    return c.json({ analyses: rows });
  });
