/**
 * zod validation at the edge of a route, failing into the one error envelope
 * (`400 { error: 'field: message', code: 'INVALID_BODY' }`).
 */
import { zValidator } from '@hono/zod-validator';
import type { Context, Env as HonoEnv, MiddlewareHandler } from 'hono';
import type { z, ZodType } from 'zod';
import { type HttpError, badRequest } from './http';

function invalidBody(issues: readonly { path: PropertyKey[]; message: string }[]): HttpError {
  const issue = issues[0];
  return badRequest(issue ? `${issue.path.map(String).join('.') || 'body'}: ${issue.message}` : 'Invalid request body', 'INVALID_BODY');
}

/** Middleware: validates the JSON body against `schema`; an absent body validates as `{}`. */
export function jsonBody<T extends ZodType>(schema: T) {
  return zValidator('json', schema, (result) => {
    if (!result.success) throw invalidBody(result.error.issues);
  });
}

/** The same check inside a handler, for routes whose body shape depends on the query. */
export async function parseJsonBody<T extends ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  const isJson = /^application\/([\w.-]+\+)?json/i.test(c.req.header('Content-Type') ?? '');
  const raw: unknown = isJson ? await c.req.json().catch(() => undefined) : {};
  if (raw === undefined) throw badRequest('Malformed JSON in request body', 'INVALID_BODY');
  const result = schema.safeParse(raw);
  if (!result.success) throw invalidBody(result.error.issues);
  return result.data;
}

/**
 * Middleware that only declares, for the typed web client (`hc<AppType>`), the JSON
 * body and query a route reads on its own terms: after authorising (chat), or with a
 * shape that depends on the query (the token grants), or straight from the URL
 * (`access_token`). It reads and checks nothing at run time.
 */
export function clientInput<In extends { json?: unknown; query?: Record<string, string | undefined> }>(): MiddlewareHandler<
  HonoEnv,
  string,
  { in: In; out: Record<never, never> }
> {
  return async (_c, next) => {
    await next();
  };
}
