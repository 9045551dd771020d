/**
 * Under `vite dev` the SPA page the Worker serves (`/dashboard/{id}`) must run Vite's inline
 * React preamble, while production keeps the strict CSP (issue 14, item 17).
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../worker/auth/viewer';
import { devInlineScripts, inlineScriptHashes } from '../../worker/lib/dev-inline-scripts';
import { securityHeaders, SPA_CSP } from '../../worker/lib/security-headers';

// What @vitejs/plugin-react injects in dev (shortened to one statement; the hash is of the exact text).
const PREAMBLE = 'import RefreshRuntime from "/@react-refresh"';
// printf '%s' 'import RefreshRuntime from "/@react-refresh"' | openssl dgst -sha256 -binary | base64
const PREAMBLE_HASH = "'sha256-PnHNxqO1X6buuxAwtSgZI4LySRsHsGrTzC3a5oLGjKA='";
const DEV_HTML = `<!doctype html><html><head><script type="module">${PREAMBLE}</script><script type="module" src="/@vite/client"></script></head><body><div id="root"></div></body></html>`;

function appFor(environment: string) {
  const app = new Hono<AppEnv>().use(securityHeaders).use(devInlineScripts);
  app.get('/dashboard/:id', (c) => c.html(DEV_HTML));
  app.get('/stored', (c) => c.html(DEV_HTML, 200, { 'Content-Security-Policy': "default-src 'none'" }));
  return (path: string) => app.request(path, {}, { ENVIRONMENT: environment } as AppEnv['Bindings']);
}

describe('CSP for Vite dev pages', () => {
  it('hashes exactly the inline scripts, not the external ones', async () => {
    expect(await inlineScriptHashes(DEV_HTML)).toEqual([PREAMBLE_HASH]);
  });

  it('allows the inline preamble by its hash in development, with no unsafe-inline script', async () => {
    const response = await appFor('development')('/dashboard/abc');
    expect(response.status).toBe(200);
    const csp = response.headers.get('Content-Security-Policy') ?? '';
    expect(csp).toBe(SPA_CSP.replace("script-src 'self'", `script-src 'self' ${PREAMBLE_HASH}`));
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(await response.text()).toBe(DEV_HTML);
  });

  it('keeps the strict SPA policy in production', async () => {
    const response = await appFor('production')('/dashboard/abc');
    expect(response.headers.get('Content-Security-Policy')).toBe(SPA_CSP);
  });

  it('never loosens a page that set its own policy (stored dashboards)', async () => {
    const response = await appFor('development')('/stored');
    expect(response.headers.get('Content-Security-Policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
