/**
 * `POST /api/analysis/:id/chat` — a question about a completed analysis. Authorised like
 * the read routes (owner bearer, or the secure link's `access_token` query parameter),
 * validated per SPEC §5, answered by the analysis's Durable Object one reply at a time.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { validateChatMessage } from '../agent/chat-validation';
import { authorizeAnalysis } from '../auth/analysis-access';
import type { AppEnv } from '../auth/viewer';
import { findAnalysis } from '../db/analyses';
import { database } from '../db/client';
import { HttpError, badRequest, notFound } from '../lib/http';
import { clientInput, parseJsonBody } from '../lib/validate';

const chatBody = z.object({ message: z.string() });

const CONFLICTS = {
  'analysis-running': 'The analysis is still running. Please wait for it to finish.',
  'reply-running': 'Please wait for the current reply to finish.',
  'analysis-failed': 'This analysis did not complete, so there are no results to ask about.',
} as const;

// The body is read after authorising, so a stranger learns nothing from a 400.
const chatInput = clientInput<{ json: z.input<typeof chatBody>; query: { access_token?: string } }>();

export const chatRoutes = new Hono<AppEnv>().post('/analysis/:id/chat', chatInput, async (c) => {
  const id = c.req.param('id');
  await authorizeAnalysis(await findAnalysis(database(c.env.DB), id), c.get('viewer'), c.req.query('access_token'));
  const body = await parseJsonBody(c, chatBody);
  const validation = validateChatMessage(body.message);
  if (!validation.ok) throw badRequest(validation.error, 'INVALID_MESSAGE');

  const outcome = await c.env.ANALYSIS_JOB.getByName(id).chat(validation.message);
  if (outcome === 'answered') return c.json({ success: true });
  if (outcome === 'missing') throw notFound();
  throw new HttpError(409, CONFLICTS[outcome], 'BUSY');
});
