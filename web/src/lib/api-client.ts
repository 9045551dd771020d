/**
 * The one API client. `api` is Hono's typed client over the Worker's routes
 * (`hc<AppType>`); `requestJson` covers routes whose types the client can't infer
 * (auth, chat). Both go through `apiFetch`, which adds the session's bearer token.
 */
import { hc } from 'hono/client';
import type { AppType } from '../../../worker/index';
import { sessionManager } from './auth/session';

/** An answer outside 2xx, carrying the server's `{ error, code }` envelope. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** fetch with `Authorization: Bearer …` when signed in (SPEC §7). */
export async function apiFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has('Authorization')) {
    const token = await sessionManager.getAccessToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
  }
  return fetch(input, { ...init, headers });
}

export const api = hc<AppType>('/api', { fetch: apiFetch });

/** The error message of a failed response (`error`, GoTrue's `error_description`/`msg`, or the status). */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const message = [record.error_description, record.msg, record.error, record.message].find(
    (value): value is string => typeof value === 'string' && value.length > 0,
  );
  const code = typeof record.code === 'string' ? record.code : typeof record.error_code === 'string' ? record.error_code : null;
  return new ApiError(response.status, message ?? `Request failed (${response.status})`, code);
}

/** Throws ApiError unless the response is 2xx; returns it otherwise. */
export async function ensureOk(response: Response): Promise<Response> {
  if (!response.ok) throw await errorFromResponse(response);
  return response;
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  json?: unknown;
  headers?: Record<string, string>;
  /** An explicit bearer (e.g. a recovery session not yet stored). */
  bearer?: string;
}

/** A JSON request to `/api{path}`; resolves to the parsed body or throws ApiError. */
export async function requestJson<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.json !== undefined) headers['Content-Type'] = 'application/json';
  if (options.bearer) headers.Authorization = `Bearer ${options.bearer}`;
  const response = await ensureOk(
    await apiFetch(`/api${path}`, {
      method: options.method ?? (options.json === undefined ? 'GET' : 'POST'),
      headers,
      body: options.json === undefined ? undefined : JSON.stringify(options.json),
    }),
  );
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}
