/**
 * Emailed links and auth redirects follow the dev server's port (issue 14, item 16):
 * `PORT=3100 npm run dev` sets DEV_PORT, local APP_URLs use it, 3000 stays the default,
 * and a production APP_URL is never rewritten.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { safeRedirectPath, siteOrigin, siteUrl } from '../../worker/auth/site-url';

describe('siteOrigin', () => {
  it('uses the dev port for a local APP_URL', () => {
    expect(siteOrigin({ APP_URL: 'http://localhost:3000', DEV_PORT: '3100' })).toBe('http://localhost:3100');
    expect(siteUrl({ APP_URL: 'http://127.0.0.1:8787', DEV_PORT: '3100' }, '/api/auth/verify?token=t')).toBe(
      'http://127.0.0.1:3100/api/auth/verify?token=t',
    );
  });

  it('keeps port 3000 when no dev port is set (SPEC §2) or it is not a port', () => {
    expect(siteOrigin({ APP_URL: 'http://localhost:8787' })).toBe('http://localhost:3000');
    expect(siteOrigin({ APP_URL: 'http://localhost:8787', DEV_PORT: 'abc' })).toBe('http://localhost:3000');
  });

  it('never rewrites a production origin', () => {
    expect(siteOrigin({ APP_URL: 'https://tally.example.com', DEV_PORT: '3100' })).toBe('https://tally.example.com');
  });

  it('accepts redirects to the dev port and refuses the old fixed port', () => {
    const dev = { APP_URL: 'http://localhost:3000', DEV_PORT: '3100' };
    expect(safeRedirectPath(dev, 'http://localhost:3100/analysis?x=1')).toBe('/analysis?x=1');
    expect(safeRedirectPath(dev, 'http://localhost:3000/analysis')).toBeNull();
  });

  it('defaults DEV_PORT to 3000 in the Worker configuration', () => {
    expect(env.DEV_PORT).toBe('3000');
  });
});
