import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { call, uploadOk } from './helpers';

const DASHBOARD = '<!doctype html><html><head><title>Dashboard</title></head><body><h1>Your customers</h1></body></html>';

describe('GET /dashboard/:id/:token', () => {
  it('serves the stored dashboard.html to the secure-link holder', async () => {
    const answer = await uploadOk();
    await env.FILES.put(`artifacts/${answer.analysis_id}/dashboard.html`, DASHBOARD);
    const response = await call(`/dashboard/${answer.analysis_id}/${answer.access_token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toBe(DASHBOARD);
  });

  it('answers 404 for a wrong token, an unknown id, or a dashboard not rendered yet', async () => {
    const answer = await uploadOk();
    const notReady = await call(`/dashboard/${answer.analysis_id}/${answer.access_token}`);
    await env.FILES.put(`artifacts/${answer.analysis_id}/dashboard.html`, DASHBOARD);
    const wrongToken = await call(`/dashboard/${answer.analysis_id}/${'x'.repeat(43)}`);
    const unknownId = await call(`/dashboard/${crypto.randomUUID()}/${answer.access_token}`);
    for (const response of [notReady, wrongToken, unknownId]) {
      expect(response.status).toBe(404);
      expect(await response.text()).toContain('This dashboard link is invalid, has been revoked, or the dashboard is not ready yet.');
    }
  });

  it('leaves every other /dashboard path to the SPA (the assets binding)', async () => {
    for (const path of ['/dashboard', '/dashboard/overview', '/dashboard/a/b/c']) {
      const response = await call(path);
      const viaAssets = await env.ASSETS.fetch(new Request(`https://tally.test${path}`));
      expect(response.status).toBe(viaAssets.status);
      expect(await response.text()).toBe(await viaAssets.text());
    }
  });
});
