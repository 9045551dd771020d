/** `GET /api/health`: liveness plus a D1 round trip, for uptime checks. */
import { Hono } from 'hono';
import type { AppEnv } from '../auth/viewer';

export const healthRoutes = new Hono<AppEnv>().get('/health', async (c) => {
  const db = await c.env.DB.prepare('select 1 as ok').first<{ ok: number }>();
  return c.json({ status: 'ok', database: db?.ok === 1 ? 'ok' : 'unavailable', time: new Date().toISOString() });
});
