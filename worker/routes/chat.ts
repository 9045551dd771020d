/**
 * `POST /api/analysis/:id/chat` — a question about a completed analysis. Authorised like
 * the read routes (owner bearer, or the secure link's `access_token` query parameter),
 * validated per SPEC §5, answered by the analysis's Durable Object one reply at a time.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { validateChatMessage } from '../agent/chat-validation';
import { analysisAccess } from '../analyses/access';
import type { AppEnv } from '../auth/viewer';
import { HttpError, badRequest, notFound } from '../lib/http';
import { parseJsonBody } from '../lib/validate';

const chatBody = z.object({ message: z.string() });

const CONFLICTS = {
  'analysis-running': 'The analysis is still running. Please wait for it to finish.',
  'reply-running': 'Please wait for the current reply to finish.',
  'analysis-failed': 'This analysis did not complete, so there are no results to ask about.',
} as const;

export const chatRoutes = new Hono<AppEnv>().post('/analysis/:id/chat', analysisAccess({ link: 'query' }), async (c) => {
  const body = await parseJsonBody(c, chatBody);
  const validation = validateChatMessage(body.message);
  if (!validation.ok) throw badRequest(validation.error, 'INVALID_MESSAGE');

  const { id } = c.get('analysis');
  const outcome = await c.env.ANALYSIS_JOB.getByName(id).chat(id, validation.message);
  if (outcome === 'answered') return c.json({ success: true });
  if (outcome === 'missing') throw notFound();
  throw new HttpError(409, CONFLICTS[outcome], 'BUSY');
});
