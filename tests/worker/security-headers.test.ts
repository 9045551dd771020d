import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import headersFile from '../../public/_headers?raw';
import { API_CSP, HSTS, SPA_CSP, STATIC_HTML_CSP } from '../../worker/lib/security-headers';
import { call, uploadOk } from './helpers';

function expectBaseline(response: Response) {
  expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
  expect(response.headers.get('X-Frame-Options')).toBe('DENY');
  expect(response.headers.get('Referrer-Policy')).toMatch(/^(strict-origin-when-cross-origin|no-referrer)$/);
  expect(response.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
}

describe('security headers on every Worker response', () => {
  it('API answers (success and error alike) may load nothing', async () => {
    for (const path of ['/api/health', '/api/auth/user', '/api/no-such-route', '/api/analysis/unknown']) {
      const response = await call(path);
      expectBaseline(response);
      expect(response.headers.get('Content-Security-Policy')).toBe(API_CSP);
      expect(response.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    }
  });

  it('the API CSP forbids scripts, framing, forms and base changes', () => {
    expect(API_CSP).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
  });

  it('a stored dashboard runs no script and never sends its URL (which holds the token) as a Referer', async () => {
    const answer = await uploadOk();
    await env.FILES.put(`artifacts/${answer.analysis_id}/dashboard.html`, '<!doctype html><h1>Dashboard</h1>');
    const response = await call(`/dashboard/${answer.analysis_id}/${answer.access_token}`);
    expect(response.status).toBe(200);
    expectBaseline(response);
    expect(response.headers.get('Content-Security-Policy')).toBe(STATIC_HTML_CSP);
    expect(STATIC_HTML_CSP).not.toMatch(/script-src/);
    expect(STATIC_HTML_CSP).toMatch(/^default-src 'none'/);
    expect(response.headers.get('Referrer-Policy')).toBe('no-referrer');
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
  });

  it('artifact bodies keep their own sandboxing CSP, with frame-ancestors added', async () => {
    const answer = await uploadOk();
    const id = crypto.randomUUID();
    await env.FILES.put(`artifacts/${answer.analysis_id}/r.md`, '# r');
    await env.DB.prepare(
      "insert into artifacts (id, analysis_id, artifact_type, file_name, file_location, content_type) values (?, ?, 'report', 'r.md', ?, 'text/markdown')",
    )
      .bind(id, answer.analysis_id, `artifacts/${answer.analysis_id}/r.md`)
      .run();
    const response = await call(`/api/artifact-content/${id}?access_token=${answer.access_token}`);
    expect(response.status).toBe(200);
    expectBaseline(response);
    expect(response.headers.get('Content-Security-Policy')).toBe(
      "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'",
    );
  });

  it('SPA pages the Worker passes to the assets binding get headers too', async () => {
    const response = await call('/dashboard');
    expectBaseline(response);
    const csp = response.headers.get('Content-Security-Policy') ?? '';
    expect([SPA_CSP, API_CSP]).toContain(csp);
  });

  it('redirects (e.g. verify links) carry them as well', async () => {
    const response = await call('/api/auth/verify?token=nope&type=signup', { redirect: 'manual' });
    expect(response.status).toBe(303);
    expectBaseline(response);
  });
});

describe('public/_headers (static assets served without the Worker)', () => {
  it('gives the SPA the same CSP, nosniff, referrer policy, DENY framing, a popup-friendly COOP and HSTS', () => {
    const all = headersFile.slice(headersFile.indexOf('/*'), headersFile.indexOf('\n\n', headersFile.indexOf('/*')));
    expect(all.split('\n').map((line) => line.trim())).toEqual([
      '/*',
      `Content-Security-Policy: ${SPA_CSP}`,
      'X-Content-Type-Options: nosniff',
      'Referrer-Policy: strict-origin-when-cross-origin',
      'X-Frame-Options: DENY',
      'Cross-Origin-Opener-Policy: same-origin-allow-popups',
      // Assets are only ever served over https in production; browsers ignore HSTS over http (RFC 6797 §8.1).
      `Strict-Transport-Security: ${HSTS}`,
    ]);
  });

  it('lets the Google popup page keep window.opener (COOP unsafe-none on /auth/google/callback only)', () => {
    const popup = headersFile.slice(headersFile.indexOf('/auth/google/callback')).trim();
    expect(popup.split('\n').map((line) => line.trim())).toEqual([
      '/auth/google/callback',
      '! Cross-Origin-Opener-Policy',
      'Cross-Origin-Opener-Policy: unsafe-none',
    ]);
  });

  it('the SPA policy allows only our own scripts plus Turnstile, and no framing', () => {
    expect(SPA_CSP).toContain("script-src 'self' https://challenges.cloudflare.com");
    expect(SPA_CSP).not.toContain("'unsafe-eval'");
    expect(SPA_CSP).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(SPA_CSP).toContain("frame-ancestors 'none'");
  });
});

describe('Strict-Transport-Security (issue 11, item 11)', () => {
  it('is sent on https responses for two years with subdomains, and not over local http', async () => {
    const https = await exports.default.fetch(new Request('https://tally.test/api/health'));
    expect(https.headers.get('Strict-Transport-Security')).toBe('max-age=63072000; includeSubDomains');
    const http = await exports.default.fetch(new Request('http://localhost:3000/api/health'));
    expect(http.headers.get('Strict-Transport-Security')).toBeNull();
  });
});
