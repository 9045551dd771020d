/**
 * The emailed dashboard link: `GET /dashboard/:id/:token` serves the analysis's rendered
 * `artifacts/{id}/dashboard.html` from R2 to whoever holds its current secure link, with a
 * CSP that allows no script. Any other `/dashboard…` path is the SPA's (SPEC §2).
 */
import { Hono } from 'hono';
import { secureLinkMatches } from '../auth/analysis-access';
import type { AppEnv } from '../auth/viewer';
import { dashboardKey } from '../analyses/keys';
import { findAnalysis } from '../db/analyses';
import { database } from '../db/client';
import { escapeHtml } from '../email/templates';
import { STATIC_HTML_CSP } from '../lib/security-headers';

export const DASHBOARD_NOT_FOUND = 'This dashboard link is invalid, has been revoked, or the dashboard is not ready yet.';

/** Headers for a page whose URL is a credential: not cached by others, never in a Referer. */
const pageHeaders = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': STATIC_HTML_CSP,
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'private, no-store',
  'X-Robots-Tag': 'noindex, nofollow',
};

function notFoundPage(): Response {
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dashboard not found · Tally</title></head>
<body style="font-family:system-ui,sans-serif;max-width:560px;margin:64px auto;padding:0 16px;color:#0f172a">
<h1 style="font-size:22px">Dashboard not found</h1><p>${escapeHtml(DASHBOARD_NOT_FOUND)}</p><p><a href="/">Go to Tally</a></p></body></html>`;
  return new Response(body, { status: 404, headers: pageHeaders });
}

export const dashboardRoutes = new Hono<AppEnv>().get('/dashboard/:id/:token', async (c) => {
  const id = c.req.param('id');
  const analysis = await findAnalysis(database(c.env.DB), id);
  // A wrong token and an unknown id look the same: no hint which analyses exist.
  if (!analysis || !(await secureLinkMatches(analysis, c.req.param('token')))) return notFoundPage();
  const object = await c.env.FILES.get(dashboardKey(id));
  if (!object) return notFoundPage();
  return new Response(object.body, { headers: { ...pageHeaders, 'Content-Length': String(object.size) } });
});
