/**
 * The one access check for analysis-scoped routes: a middleware that loads the analysis,
 * decides the viewer's access (owner or secure-link holder, SPEC §6) and puts both on the
 * context for the handler. Routes say only where the secure link travels on them.
 *
 * The owner is the signed-in user the analysis belongs to, or the visitor who uploaded it
 * and holds its owner token (`X-Owner-Token` header, returned once by the upload; never in
 * a URL or an email). Everyone else goes through `authorizeAnalysis`.
 */
import { createMiddleware } from 'hono/factory';
import { authorizeAnalysis, type AccessGrant } from '../auth/analysis-access';
import { resolveViewer, type AppEnv, type Viewer } from '../auth/viewer';
import { findAnalysis, findArtifact, type AnalysisRow, type ArtifactRow } from '../db/analyses';
import { database } from '../db/client';
import { sha256Hex, timingSafeEqual } from '../lib/crypto';
import { notFound } from '../lib/http';

/** The header that carries a visitor owner's token. */
export const OWNER_TOKEN_HEADER = 'X-Owner-Token';

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

/** True when `token` is the analysis's owner token (claimed analyses have none). */
export async function ownerTokenMatches(analysis: AnalysisRow, token: string | null | undefined): Promise<boolean> {
  if (!token || !analysis.ownerTokenHash) return false;
  return timingSafeEqual(await sha256Hex(token), analysis.ownerTokenHash);
}

/** The viewer's access, or the HttpError `authorizeAnalysis` decides. */
async function accessOf(
  analysis: AnalysisRow | undefined,
  viewer: Viewer,
  ownerToken: string | undefined,
  linkToken: string | null,
): Promise<AccessGrant> {
  if (analysis && (await ownerTokenMatches(analysis, ownerToken))) return 'owner';
  return authorizeAnalysis(analysis, viewer, linkToken);
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
    const access = await accessOf(analysis, await viewerOf(c, options), c.req.header(OWNER_TOKEN_HEADER), linkToken(c, options.link));
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
  const access = await accessOf(analysis, c.get('viewer'), c.req.header(OWNER_TOKEN_HEADER), linkToken(c, 'query'));
  if (!analysis) throw notFound();
  c.set('artifact', artifact);
  c.set('analysis', analysis);
  c.set('access', access);
  await next();
});
