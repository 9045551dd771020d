/**
 * The one API client. Every call goes through `api`, Hono's typed client over the
 * Worker's routes (`hc<AppType>`): paths, parameters, bodies and answers are checked
 * against the server's own route definitions, so the two ends can't drift. `okJson`
 * unwraps a call's 2xx body (typed by the route) or throws ApiError.
 *
 * The one exception is the live WebSocket (`GET /api/analysis/:id/live`, see
 * `liveAnalysisUrl`): a browser WebSocket is not a fetch, so it takes only the route's
 * path from the client. Multipart and binary bodies still go through `api`, handing
 * their body over as `init` (see `rawBody`); text and image answers are read with
 * `ensureOk` and `.text()`/`.blob()`.
 *
 * hc puts path parameters into the URL as they are, so callers encode them.
 */
import { hc } from 'hono/client';
import type { AppType } from '../../../worker/index';
import { sessionManager } from './auth/session';
import { OWNER_TOKEN_HEADER, analysisIdOfPath, ownerTokenFor } from './owner-tokens';

/** An answer outside 2xx, carrying the server's `{ error, code }` envelope. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | null = null,
    /** Seconds from the answer's `Retry-After` header (429s), when it had one. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The request's path on this origin. */
function pathOf(input: RequestInfo | URL): string {
  const href = input instanceof Request ? input.url : String(input);
  return new URL(href, window.location.origin).pathname;
}

/**
 * fetch with `Authorization: Bearer …` when signed in (SPEC §7) and, on a call about an
 * analysis this browser uploaded as a visitor, its `X-Owner-Token`; explicit headers win.
 */
async function fetchWithSession(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const analysisId = analysisIdOfPath(pathOf(input));
  const ownerToken = analysisId ? ownerTokenFor(analysisId) : null;
  if (ownerToken && !headers.has(OWNER_TOKEN_HEADER)) headers.set(OWNER_TOKEN_HEADER, ownerToken);
  if (headers.has('Authorization')) return fetch(input, { ...init, headers });

  const token = await sessionManager.getAccessToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const response = await fetch(input, { ...init, headers });
  if (response.status !== 401 || !token) return response;
  // The stored session's token was refused: one refresh, then one retry (issue 14). A
  // refresh the server refuses removes the session (SPEC §4), which signs the user out.
  const refreshed = await sessionManager.refreshSession();
  if (!refreshed || refreshed.access_token === token) return response;
  headers.set('Authorization', `Bearer ${refreshed.access_token}`);
  return fetch(input, { ...init, headers });
}

export const api = hc<AppType>('/api', { fetch: fetchWithSession });

/** Per-call options carrying an explicit bearer (a pending sign-in or a recovery session not yet stored). */
export function withBearer(token: string | undefined): { headers: Record<string, string> } {
  return { headers: token ? { Authorization: `Bearer ${token}` } : {} };
}

/**
 * Per-call options sending a body the typed client can't encode: a multipart form or
 * a binary slice. hc gives `init` the last word over the request it builds.
 */
export function rawBody(body: BodyInit, headers: Record<string, string> = {}): { headers: Record<string, string>; init: RequestInit } {
  return { headers, init: { body } };
}

/** The error message of a failed response (`error`, GoTrue's `error_description`/`msg`, or the status). */
export async function errorFromResponse(
  response: Pick<Response, 'status' | 'json'> & { headers?: Pick<Headers, 'get'> },
): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  const record: Record<string, unknown> = body && typeof body === 'object' ? { ...body } : {};
  const message = [record.error_description, record.msg, record.error, record.message].find(
    (value): value is string => typeof value === 'string' && value.length > 0,
  );
  const code = typeof record.code === 'string' ? record.code : typeof record.error_code === 'string' ? record.error_code : null;
  const retryAfter = Number(response.headers?.get('Retry-After') ?? Number.NaN);
  return new ApiError(
    response.status,
    message ?? `Request failed (${response.status})`,
    code,
    Number.isFinite(retryAfter) ? retryAfter : null,
  );
}

/** Throws ApiError unless the response is 2xx; returns it otherwise (for bodies read as text or blob). */
export async function ensureOk<R extends { ok: boolean; status: number; json(): Promise<unknown> }>(response: R): Promise<R> {
  if (!response.ok) throw await errorFromResponse(response);
  return response;
}

/**
 * A typed call's 2xx JSON body, or ApiError with the server's message. `Body` is what
 * the route's handler returns with `c.json(…)` (its failures are thrown as the
 * `{ error, code }` envelope, so they never widen it).
 */
export async function okJson<Body>(
  call: Promise<{ ok: boolean; status: number; headers?: Pick<Headers, 'get'>; json(): Promise<Body> }>,
): Promise<Body> {
  const response = await call;
  if (!response.ok) throw await errorFromResponse(response);
  return response.json();
}

/**
 * The live-push WebSocket's URL on this origin: the client's one route that is not a
 * typed call, because a browser WebSocket is not a fetch (and can't carry a bearer
 * header, hence the query `params`). Its path still comes from the typed route.
 */
export function liveAnalysisUrl(id: string, params: URLSearchParams): string {
  const path = api.analysis[':id'].live.$path({ param: { id: encodeURIComponent(id) } });
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}/api${path}?${params}`;
}
