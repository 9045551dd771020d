/**
 * Tally's Worker: one Hono app serving the API (one sub-app per resource), stored
 * dashboards, and — through the assets binding — the React SPA. It exports the app's
 * type for the typed client and the AnalysisJob Durable Object class.
 */
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { viewerMiddleware, type AppEnv } from './auth/viewer';
import { HttpError } from './lib/http';
import { devInlineScripts } from './lib/dev-inline-scripts';
import { securityHeaders } from './lib/security-headers';
import { accountRoutes } from './routes/account';
import { analysesRoutes } from './routes/analyses';
import { artifactsRoutes } from './routes/artifacts';
import { chatRoutes } from './routes/chat';
import { authRoutes } from './routes/auth';
import { dashboardRoutes } from './routes/dashboard';
import { devMailRoutes } from './routes/dev-mail';
import { healthRoutes } from './routes/health';
import { secureLinksRoutes } from './routes/secure-links';
import { uploadsRoutes } from './routes/uploads';

const api = new Hono<AppEnv>()
  .use(viewerMiddleware)
  .route('/', healthRoutes)
  .route('/auth', authRoutes)
  .route('/', accountRoutes)
  .route('/', secureLinksRoutes)
  .route('/', uploadsRoutes)
  .route('/', analysesRoutes)
  .route('/', artifactsRoutes)
  .route('/', chatRoutes);

const app = new Hono<AppEnv>()
  .use(securityHeaders)
  // Dev only: Vite's inline React preamble on Worker-served SPA pages (see dev-inline-scripts.ts).
  .use(devInlineScripts)
  .route('/api', api)
  .all('/api/*', (c) => c.json({ error: 'Not found', code: 'NOT_FOUND' }, 404))
  .route('/', dashboardRoutes)
  .route('/', devMailRoutes)
  // Anything else the Worker sees first (e.g. /dashboard/* without a stored dashboard) is the SPA.
  .all('*', (c) => c.env.ASSETS.fetch(c.req.raw));

app.onError((error, c) => {
  if (error instanceof HttpError) return c.json({ error: error.message, code: error.code }, error.status, error.headers);
  if (error instanceof HTTPException) return c.json({ error: error.message || 'Request failed', code: 'HTTP_ERROR' }, error.status);
  console.error('unhandled error', error);
  return c.json({ error: 'Something went wrong. Please try again.', code: 'INTERNAL' }, 500);
});

export type AppType = typeof api;
export default app;
export { AnalysisJob } from '../durable-objects/analysis-job';
