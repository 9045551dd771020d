/**
 * Questions about a completed analysis. `POST /api/analysis/:id/chat` is open to the
 * owner (bearer, or a visitor's `X-Owner-Token`) and, when the owner allows it, to a
 * secure-link holder (`access_token` query); it is validated per SPEC §5, rate limited
 * (`chat-limits.ts`) and answered by the analysis's Durable Object one reply at a time.
 * `PUT /api/analysis/:id/link-chat {enabled}` is the owner's switch for link questions.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { validateChatMessage } from '../agent/chat-validation';
import { analysisAccess } from '../analyses/access';
import { assertMayChat, countChatQuestion } from '../analyses/chat-limits';
import { setLinkChatEnabled } from '../db/analyses';
import { database } from '../db/client';
import type { AppEnv } from '../auth/viewer';
import { HttpError, badRequest, notFound } from '../lib/http';
import { clientInput, jsonBody, parseJsonBody } from '../lib/validate';

const chatBody = z.object({ message: z.string() });
const linkChatBody = z.object({ enabled: z.boolean() });

const CONFLICTS = {
  'analysis-running': 'The analysis is still running. Please wait for it to finish.',
  'reply-running': 'Please wait for the current reply to finish.',
  'analysis-failed': 'This analysis did not complete, so there are no results to ask about.',
} as const;

// The body is read after authorising, so a stranger learns nothing from a 400.
const chatInput = clientInput<{ json: z.input<typeof chatBody>; query: { access_token?: string } }>();

export const chatRoutes = new Hono<AppEnv>()
  .post('/analysis/:id/chat', chatInput, analysisAccess({ link: 'query' }), async (c) => {
    const analysis = c.get('analysis');
    assertMayChat(analysis, c.get('access'));
    const body = await parseJsonBody(c, chatBody);
    const validation = validateChatMessage(body.message);
    if (!validation.ok) throw badRequest(validation.error, 'INVALID_MESSAGE');
    await countChatQuestion(database(c.env.DB), {
      analysisId: analysis.id,
      access: c.get('access'),
      viewer: c.get('viewer'),
      ip: c.req.header('CF-Connecting-IP') ?? null,
    });

    const outcome = await c.env.ANALYSIS_JOB.getByName(analysis.id).chat(analysis.id, validation.message);
    if (outcome === 'answered') return c.json({ success: true });
    if (outcome === 'missing') throw notFound();
    throw new HttpError(409, CONFLICTS[outcome], 'BUSY');
  })
  .put('/analysis/:id/link-chat', analysisAccess({ link: 'none' }), jsonBody(linkChatBody), async (c) => {
    const { enabled } = c.req.valid('json');
    await setLinkChatEnabled(database(c.env.DB), c.get('analysis').id, enabled);
    return c.json({ link_chat_enabled: enabled });
  });
