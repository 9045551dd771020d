/**
 * Reading an analysis (SPEC §7): `GET /api/analysis/:id` for its owner,
 * `GET /api/analysis/:id/:accessToken` for a secure-link holder, and the live stream
 * `GET /api/analysis/:id/live` (WebSocket, forwarded to the analysis's Durable Object).
 */
import { Hono } from 'hono';
import { authorizeAnalysis } from '../auth/analysis-access';
import { resolveViewer, type AppEnv } from '../auth/viewer';
import {
  analysisDto,
  artifactDto,
  fileUploadDto,
  findAnalysis,
  listArtifacts,
  listFileUploads,
  listMessages,
  messageDto,
} from '../db/analyses';
import { database } from '../db/client';
import { badRequest } from '../lib/http';

async function analysisPayload(env: Env, id: string) {
  const db = database(env.DB);
  const [analysis, fileUploads, messages, artifacts] = await Promise.all([
    findAnalysis(db, id),
    listFileUploads(db, id),
    listMessages(db, id),
    listArtifacts(db, id),
  ]);
  return {
    success: true as const,
    analysis: analysis ? analysisDto(analysis) : null,
    file_uploads: fileUploads.map(fileUploadDto),
    messages: messages.map(messageDto),
    artifacts: artifacts.map(artifactDto),
  };
}

export const analysesRoutes = new Hono<AppEnv>()
  .get('/analysis/:id/live', async (c) => {
    if (c.req.header('Upgrade')?.toLowerCase() !== 'websocket') throw badRequest('Expected a WebSocket upgrade', 'UPGRADE_REQUIRED');
    const id = c.req.param('id');
    const analysis = await findAnalysis(database(c.env.DB), id);
    // Browsers can't set headers on WebSockets, so the owner's bearer may come as `?token=`.
    const queryToken = c.req.query('token');
    const viewer = queryToken ? await resolveViewer(c.env, `Bearer ${queryToken}`) : c.get('viewer');
    await authorizeAnalysis(analysis, viewer, c.req.query('access_token'));
    return c.env.ANALYSIS_JOB.getByName(id).fetch(c.req.raw);
  })
  .get('/analysis/:id', async (c) => {
    const id = c.req.param('id');
    await authorizeAnalysis(await findAnalysis(database(c.env.DB), id), c.get('viewer'), null);
    return c.json(await analysisPayload(c.env, id));
  })
  .get('/analysis/:id/:accessToken', async (c) => {
    const id = c.req.param('id');
    await authorizeAnalysis(await findAnalysis(database(c.env.DB), id), c.get('viewer'), c.req.param('accessToken'));
    return c.json(await analysisPayload(c.env, id));
  });
