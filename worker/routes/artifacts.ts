/**
 * Artifact bodies from R2: `GET /api/artifact-content/:id` (markdown and other text) and
 * `GET /api/artifact-image/:id` (charts), for the owner (bearer) or a secure-link holder
 * (`access_token` query parameter), SPEC §6–7.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../auth/viewer';
import { artifactAccess, type ArtifactEnv } from '../analyses/access';
import type { ArtifactRow } from '../db/analyses';
import { isSnapshotCsv, snapshotCsvBody } from '../analyses/row-snapshot';
import { notFound } from '../lib/http';
import { clientInput } from '../lib/validate';

async function serveArtifact(c: Context<ArtifactEnv>, disposition: 'inline' | 'attachment') {
  const artifact = c.get('artifact');
  const stored = await bodyOf(c.env, artifact);
  if (!stored) throw notFound('Artifact not found');
  const fileName = artifact.fileName.replace(/["\\\r\n]/g, '_');
  return new Response(stored.body, {
    headers: {
      'Content-Type': artifact.contentType,
      ...(stored.size === null ? {} : { 'Content-Length': String(stored.size) }),
      'Content-Disposition': `${disposition}; filename="${fileName}"`,
      'Cache-Control': 'private, max-age=300',
      // Artifacts are our own renderings of user data: never let them run script.
      'Content-Security-Policy': "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox",
    },
  });
}

/** The artifact's bytes: its R2 object, or the CSV copy made from the row snapshot as it is read. */
async function bodyOf(env: Env, artifact: ArtifactRow): Promise<{ body: ReadableStream; size: number | null } | null> {
  if (isSnapshotCsv(artifact)) {
    const body = await snapshotCsvBody(env, artifact.analysisId);
    return body ? { body, size: null } : null;
  }
  const object = await env.FILES.get(artifact.fileLocation);
  return object ? { body: object.body, size: object.size } : null;
}

const artifactQuery = clientInput<{ query: { access_token?: string; download?: string } }>();

export const artifactsRoutes = new Hono<AppEnv>()
  .get('/artifact-content/:id', artifactQuery, artifactAccess, (c) => serveArtifact(c, c.req.query('download') ? 'attachment' : 'inline'))
  .get('/artifact-image/:id', artifactQuery, artifactAccess, (c) => serveArtifact(c, 'inline'));
