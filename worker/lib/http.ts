/**
 * The one JSON error envelope, `{ error, code }`, and the exception that produces it.
 * Route handlers throw `HttpError`; `worker/index.ts` turns it into a response.
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly code: string = 'BAD_REQUEST',
    /** Extra response headers, e.g. `Retry-After` on a 429. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, code = 'BAD_REQUEST') => new HttpError(400, message, code);
export const authRequired = () => new HttpError(401, 'Please sign in or create a free account to view this analysis', 'AUTH_REQUIRED');
export const notFound = (message = "Analysis not found or you don't have permission to view it") =>
  new HttpError(404, message, 'NOT_FOUND');
