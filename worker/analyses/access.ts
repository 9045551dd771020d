/**
 * The one access check for analysis-scoped routes: a middleware that loads the analysis,
 * decides the viewer's access (owner or secure-link holder, SPEC §6) with
 * `authorizeAnalysis`, and puts both on the context for the handler. Routes say only
 * where the secure link travels on them.
 */
import { createMiddleware } from 'hono/factory';
import { authorizeAnalysis, type AccessGrant } from '../auth/analysis-access';
import { resolveViewer, type AppEnv, type Viewer } from '../auth/viewer';
import { findAnalysis, findArtifact, type AnalysisRow, type ArtifactRow } from '../db/analyses';
import { database } from '../db/client';
import { notFound } from '../lib/http';

/** What an authorised analysis route finds on its context. */
export type AnalysisEnv = AppEnv & { Variables: { analysis: AnalysisRow; access: AccessGrant } };
export type ArtifactEnv = AnalysisEnv & { Variables: { artifact: ArtifactRow } };

/**
 * Where a route accepts the secure link: nowhere (owner-only routes), the `:accessToken`
 * path segment, or the `access_token` query parameter.
 */
export type LinkSource = 'none' | 'path' | 'query';

export interface AccessOptions {
  link: LinkSource;
  /**
   * Browsers can't set headers on a WebSocket, so the live route also takes the owner's
   * bearer as `?token=`.
   */
  bearerInQuery?: boolean;
}

type RequestLike = {
  req: { param(name: string): string | undefined; query(name: string): string | undefined; header(name: string): string | undefined };
};

function linkToken(c: RequestLike, link: LinkSource): string | null {
  if (link === 'path') return c.req.param('accessToken') ?? null;
  if (link === 'query') return c.req.query('access_token') ?? null;
  return null;
}

async function viewerOf(c: RequestLike & { env: Env; get(key: 'viewer'): Viewer }, options: AccessOptions): Promise<Viewer> {
  const queryToken = options.bearerInQuery ? c.req.query('token') : undefined;
  return queryToken ? resolveViewer(c.env, `Bearer ${queryToken}`) : c.get('viewer');
}

/** Authorises `/analysis/:id/…`: 404 unknown or someone else's, 401 without a credential. */
export function analysisAccess(options: AccessOptions) {
  return createMiddleware<AnalysisEnv>(async (c, next) => {
    const analysis = await findAnalysis(database(c.env.DB), c.req.param('id') ?? '');
    const access = await authorizeAnalysis(analysis, await viewerOf(c, options), linkToken(c, options.link));
    // authorizeAnalysis threw unless the analysis exists.
    if (!analysis) throw notFound();
    c.set('analysis', analysis);
    c.set('access', access);
    await next();
  });
}

/** Authorises `/artifact-…/:id` through the artifact's analysis (secure link in the query). */
export const artifactAccess = createMiddleware<ArtifactEnv>(async (c, next) => {
  const db = database(c.env.DB);
  const artifact = await findArtifact(db, c.req.param('id') ?? '');
  if (!artifact) throw notFound('Artifact not found');
  const analysis = await findAnalysis(db, artifact.analysisId);
  const access = await authorizeAnalysis(analysis, c.get('viewer'), linkToken(c, 'query'));
  if (!analysis) throw notFound();
  c.set('artifact', artifact);
  c.set('analysis', analysis);
  c.set('access', access);
  await next();
});
