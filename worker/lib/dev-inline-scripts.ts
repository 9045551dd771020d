/**
 * `vite dev` only: lets the SPA page the Worker serves (e.g. `/dashboard/{id}` without a
 * token goes through the Worker, then ASSETS) run Vite's inline React-refresh preamble.
 *
 * The strict SPA CSP allows no inline script, so in dev that page stayed blank. Rather than
 * loosening the policy with 'unsafe-inline', this adds the SHA-256 of each inline script
 * the page actually contains (CSP3 hash sources) and only when `ENVIRONMENT` is
 * `development`. Production HTML is built by Vite with no inline script, and production
 * never runs this, so its CSP is unchanged. Kept apart from `security-headers.ts`, which
 * owns the policies themselves.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../auth/viewer';
import { SPA_CSP } from './security-headers';

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi;

/** `'sha256-…'` sources for every non-empty inline script in the HTML. */
export async function inlineScriptHashes(html: string): Promise<string[]> {
  const hashes: string[] = [];
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const body = match[1];
    if (!body.trim()) continue;
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body)));
    hashes.push(`'sha256-${btoa(String.fromCharCode(...digest))}'`);
  }
  return [...new Set(hashes)];
}

/** The SPA policy with the given script hashes allowed. */
export function spaCspWithHashes(hashes: readonly string[]): string {
  if (hashes.length === 0) return SPA_CSP;
  return SPA_CSP.replace("script-src 'self'", `script-src 'self' ${hashes.join(' ')}`);
}

/** Middleware: in development, SPA HTML without its own CSP gets the SPA policy plus its inline-script hashes. */
export const devInlineScripts: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.env.ENVIRONMENT !== 'development') return;
  const response = c.res;
  if (!(response.headers.get('Content-Type') ?? '').includes('text/html') || response.headers.has('Content-Security-Policy')) return;
  const html = await response.text();
  const headers = new Headers(response.headers);
  headers.delete('Content-Length');
  headers.set('Content-Security-Policy', spaCspWithHashes(await inlineScriptHashes(html)));
  c.res = undefined;
  c.res = new Response(html, { status: response.status, statusText: response.statusText, headers });
};
