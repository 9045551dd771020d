/**
 * Artifact bodies from R2: `GET /api/artifact-content/:id` (markdown and other text) and
 * `GET /api/artifact-image/:id` (charts), for the owner (bearer) or a secure-link holder
 * (`access_token` query parameter), SPEC §6–7.
 */
import { Hono, type Context } from 'hono';
import { authorizeAnalysis } from '../auth/analysis-access';
import type { AppEnv } from '../auth/viewer';
import { findAnalysis, findArtifact } from '../db/analyses';
import { database } from '../db/client';
import { notFound } from '../lib/http';
import { clientInput } from '../lib/validate';

async function serveArtifact(c: Context<AppEnv>, disposition: 'inline' | 'attachment') {
  const db = database(c.env.DB);
  const artifact = await findArtifact(db, c.req.param('id') ?? '');
  if (!artifact) throw notFound('Artifact not found');
  await authorizeAnalysis(await findAnalysis(db, artifact.analysisId), c.get('viewer'), c.req.query('access_token'));
  const object = await c.env.FILES.get(artifact.fileLocation);
  if (!object) throw notFound('Artifact not found');
  const fileName = artifact.fileName.replace(/["\\\r\n]/g, '_');
  return new Response(object.body, {
    headers: {
      'Content-Type': artifact.contentType,
      'Content-Length': String(object.size),
      'Content-Disposition': `${disposition}; filename="${fileName}"`,
      'Cache-Control': 'private, max-age=300',
      // Artifacts are our own renderings of user data: never let them run script.
      'Content-Security-Policy': "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox",
    },
  });
}

const artifactQuery = clientInput<{ query: { access_token?: string; download?: string } }>();

export const artifactsRoutes = new Hono<AppEnv>()
  .get('/artifact-content/:id', artifactQuery, (c) => serveArtifact(c, c.req.query('download') ? 'attachment' : 'inline'))
  .get('/artifact-image/:id', artifactQuery, (c) => serveArtifact(c, 'inline'));
