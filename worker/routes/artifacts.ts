/**
 * Artifact bodies from R2: `GET /api/artifact-content/:id` (markdown and other text) and
 * `GET /api/artifact-image/:id` (charts), for the owner (bearer) or a secure-link holder
 * (`access_token` query parameter), SPEC §6–7.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../auth/viewer';
import { artifactAccess, type ArtifactEnv } from '../analyses/access';
import { notFound } from '../lib/http';
import { clientInput } from '../lib/validate';

async function serveArtifact(c: Context<ArtifactEnv>, disposition: 'inline' | 'attachment') {
  const artifact = c.get('artifact');
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
  .get('/artifact-content/:id', artifactQuery, artifactAccess, (c) => serveArtifact(c, c.req.query('download') ? 'attachment' : 'inline'))
  .get('/artifact-image/:id', artifactQuery, artifactAccess, (c) => serveArtifact(c, 'inline'));
