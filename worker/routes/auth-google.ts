/**
 * Google sign-in through a popup (SPEC §2 /auth/google/callback, §8 OAuth texts):
 * `GET /api/auth/google/start` opens the flow (a redirect, or `{ url, state }` for
 * `Accept: application/json`), the provider sends the popup to the SPA's
 * `/auth/google/callback`, and that page posts `code` and `state` to
 * `POST /api/auth/google/callback`, which answers with a Session.
 */
import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import {
  GOOGLE_ERRORS,
  OAUTH_FLOW_TTL_SECONDS,
  OAUTH_STATE_COOKIE,
  consumeGoogleFlow,
  exchangeGoogleCode,
  startGoogleFlow,
  userForGoogleIdentity,
} from '../auth/google';
import { startSession } from '../auth/sessions';
import type { AppEnv } from '../auth/viewer';
import { database } from '../db/client';
import { timingSafeEqual } from '../lib/crypto';
import { badRequest } from '../lib/http';
import { jsonBody } from '../lib/validate';

const COOKIE_PATH = '/api/auth/google';

const callbackSchema = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
});

export const authGoogleRoutes = new Hono<AppEnv>()
  .get('/start', async (c) => {
    const flow = await startGoogleFlow(c.env, database(c.env.DB));
    // The cookie ties the state to this browser: a callback replayed from elsewhere fails.
    setCookie(c, OAUTH_STATE_COOKIE, flow.state, {
      path: COOKIE_PATH,
      httpOnly: true,
      secure: true,
      sameSite: 'Lax',
      maxAge: OAUTH_FLOW_TTL_SECONDS,
    });
    if ((c.req.header('Accept') ?? '').includes('application/json')) return c.json(flow);
    return c.redirect(flow.url, 302);
  })
  .post('/callback', jsonBody(callbackSchema), async (c) => {
    const body = c.req.valid('json');
    if (body.error) {
      throw badRequest(
        body.error === 'access_denied' ? GOOGLE_ERRORS.accessDenied : GOOGLE_ERRORS.providerError(body.error),
        'OAUTH_ERROR',
      );
    }
    if (!body.code || !body.state) throw badRequest(GOOGLE_ERRORS.missingParams, 'MISSING_OAUTH_PARAMS');
    const cookieState = getCookie(c, OAUTH_STATE_COOKIE);
    deleteCookie(c, OAUTH_STATE_COOKIE, { path: COOKIE_PATH, secure: true });
    if (!cookieState || !timingSafeEqual(cookieState, body.state)) throw badRequest(GOOGLE_ERRORS.invalidState, 'INVALID_STATE');
    const db = database(c.env.DB);
    const flow = await consumeGoogleFlow(db, body.state);
    if (!flow) throw badRequest(GOOGLE_ERRORS.invalidState, 'INVALID_STATE');
    const identity = await exchangeGoogleCode(c.env, flow, body.code);
    const user = await userForGoogleIdentity(db, identity);
    return c.json(await startSession(c.env, db, user, 'google'));
  });
