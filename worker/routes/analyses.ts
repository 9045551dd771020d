/**
 * Reading an analysis (SPEC §7): `GET /api/analysis/:id` for its owner,
 * `GET /api/analysis/:id/:accessToken` for a secure-link holder, and the live stream
 * `GET /api/analysis/:id/live` (WebSocket, forwarded to the analysis's Durable Object).
 */
import { Hono } from 'hono';
import type { AppEnv } from '../auth/viewer';
import { analysisAccess } from '../analyses/access';
import {
  analysisDto,
  artifactDto,
  fileUploadDto,
  listArtifacts,
  listFileUploads,
  listMessages,
  messageDto,
  type AnalysisRow,
} from '../db/analyses';
import { database } from '../db/client';
import { badRequest } from '../lib/http';

async function analysisPayload(env: Env, analysis: AnalysisRow) {
  const db = database(env.DB);
  const [fileUploads, messages, artifacts] = await Promise.all([
    listFileUploads(db, analysis.id),
    listMessages(db, analysis.id),
    listArtifacts(db, analysis.id),
  ]);
  return {
    success: true as const,
    analysis: analysisDto(analysis),
    file_uploads: fileUploads.map(fileUploadDto),
    messages: messages.map(messageDto),
    artifacts: artifacts.map(artifactDto),
  };
}

export const analysesRoutes = new Hono<AppEnv>()
  .get('/analysis/:id/live', analysisAccess({ link: 'query', bearerInQuery: true }), async (c) => {
    if (c.req.header('Upgrade')?.toLowerCase() !== 'websocket') throw badRequest('Expected a WebSocket upgrade', 'UPGRADE_REQUIRED');
    return c.env.ANALYSIS_JOB.getByName(c.get('analysis').id).fetch(c.req.raw);
  })
  .get('/analysis/:id', analysisAccess({ link: 'none' }), async (c) => c.json(await analysisPayload(c.env, c.get('analysis'))))
  .get('/analysis/:id/:accessToken', analysisAccess({ link: 'path' }), async (c) =>
    c.json(await analysisPayload(c.env, c.get('analysis'))),
  );
