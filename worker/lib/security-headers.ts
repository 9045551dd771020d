/**
 * Security headers on every response the Worker sends. Static assets served without the
 * Worker get the same policy from `public/_headers`; a test keeps the two in step.
 *
 * - CSP: JSON and other API answers may load nothing; the SPA may run only its own
 *   scripts plus Turnstile; stored dashboards and emails-as-pages run no script at all.
 *   Every policy has `frame-ancestors 'none'` (no clickjacking).
 * - Referrer-Policy: secure links carry their token in the path, so the full URL must
 *   never leave our origin (`strict-origin-when-cross-origin`; dashboards: `no-referrer`).
 * - Cross-Origin-Opener-Policy: `same-origin-allow-popups` on documents, so the SPA keeps
 *   the handle of the Google sign-in popup it opens; the popup's own page
 *   (/auth/google/callback) is served with `unsafe-none` so it can post to its opener.
 */
import type { MiddlewareHandler } from 'hono';

/** Answers that are data, not documents. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** The React SPA: own scripts and styles, Turnstile's script and frame, images from charts (blob:) and Google avatars. */
export const SPA_CSP = [
  "default-src 'self'",
  "script-src 'self' https://challenges.cloudflare.com",
  'frame-src https://challenges.cloudflare.com',
  "connect-src 'self'",
  "img-src 'self' data: blob: https://*.googleusercontent.com",
  // React style props and Turnstile's widget set inline styles; no inline script is allowed.
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Rendered dashboards and other HTML we generate from user data: no script, no network. */
export const STATIC_HTML_CSP =
  "default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/**
 * HSTS for two years with subdomains (https://hstspreload.org/ recommendation). Sent only on
 * requests that arrived over https, so `vite dev` / `wrangler dev` on http://localhost never
 * pins a browser to https for localhost (browsers ignore HSTS over http anyway, RFC 6797 §8.1).
 */
export const HSTS = 'max-age=63072000; includeSubDomains';

/**
 * The headers every document gets whatever its CSP. `vite dev` serves the SPA's pages
 * itself (not through the Worker), so vite.config.ts sends these there too; the CSP is
 * left to production there because Vite's dev client needs inline scripts and websockets.
 */
export const BASELINE_DOCUMENT_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': REFERRER_POLICY,
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
} as const;

function withFrameAncestors(policy: string): string {
  return /(^|;)\s*frame-ancestors\s/.test(policy) ? policy : `${policy}; frame-ancestors 'none'`;
}

/** Adds the headers to every response, keeping a stricter CSP a route already set. */
export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  let response = c.res;
  try {
    response.headers.set('X-Content-Type-Options', 'nosniff');
  } catch {
    // Responses from fetch()/ASSETS have immutable headers; copy once and edit the copy.
    response = new Response(response.body, response);
    response.headers.set('X-Content-Type-Options', 'nosniff');
  }
  const headers = response.headers;
  const isHtml = (headers.get('Content-Type') ?? '').includes('text/html');
  const csp = headers.get('Content-Security-Policy');
  headers.set('Content-Security-Policy', csp ? withFrameAncestors(csp) : isHtml ? SPA_CSP : API_CSP);
  if (!headers.has('Referrer-Policy')) headers.set('Referrer-Policy', REFERRER_POLICY);
  headers.set('X-Frame-Options', 'DENY');
  if (new URL(c.req.url).protocol === 'https:') headers.set('Strict-Transport-Security', HSTS);
  if (isHtml && !headers.has('Cross-Origin-Opener-Policy')) headers.set('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
  if (response !== c.res) c.res = response;
};
