import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from './auth-helpers';
import { call, runJob, uploadOk, type UploadAnswer } from './helpers';

const AUTH_REQUIRED = { error: 'Please sign in or create a free account to view this analysis', code: 'AUTH_REQUIRED' };
const NOT_FOUND = { error: "Analysis not found or you don't have permission to view it", code: 'NOT_FOUND' };

/** A confirmed user with a live session (bearer tokens of unknown sessions are refused). */
async function userWithToken(email: string): Promise<{ id: string; bearer: string }> {
  const { id, bearer } = await createSignedInUser({ email });
  return { id, bearer };
}

describe('who may read an analysis', () => {
  let mine: UploadAnswer;
  let other: UploadAnswer;
  let owner: { id: string; bearer: string };
  let stranger: { id: string; bearer: string };
  let artifactId: string;

  beforeAll(async () => {
    owner = await userWithToken(`owner-${crypto.randomUUID()}@example.com`);
    stranger = await userWithToken(`stranger-${crypto.randomUUID()}@example.com`);
    mine = await uploadOk({}, { Authorization: owner.bearer });
    other = await uploadOk();
    await runJob(mine.analysis_id);
    const artifact = await env.DB.prepare('select id from artifacts where analysis_id = ? limit 1')
      .bind(mine.analysis_id)
      .first<{ id: string }>();
    artifactId = artifact?.id ?? '';
  });

  it('lets the owner read with their bearer token', async () => {
    const response = await call(`/api/analysis/${mine.analysis_id}`, { headers: { Authorization: owner.bearer } });
    expect(response.status).toBe(200);
    expect((await response.json<{ analysis: { id: string } }>()).analysis.id).toBe(mine.analysis_id);
  });

  it('lets a secure-link holder read with the right token', async () => {
    const response = await call(`/api/analysis/${mine.analysis_id}/${mine.access_token}`);
    expect(response.status).toBe(200);
  });

  it('answers 401 AUTH_REQUIRED with no token', async () => {
    const response = await call(`/api/analysis/${mine.analysis_id}`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual(AUTH_REQUIRED);
  });

  it('answers 401 AUTH_REQUIRED with a wrong token', async () => {
    const response = await call(`/api/analysis/${mine.analysis_id}/not-the-token`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual(AUTH_REQUIRED);
  });

  it("answers 401 AUTH_REQUIRED with another analysis's token", async () => {
    const response = await call(`/api/analysis/${mine.analysis_id}/${other.access_token}`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual(AUTH_REQUIRED);
  });

  it('answers 404 to a signed-in user who does not own it', async () => {
    const response = await call(`/api/analysis/${mine.analysis_id}`, { headers: { Authorization: stranger.bearer } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual(NOT_FOUND);
  });

  it('answers 404 for an unknown id, whatever the token', async () => {
    for (const path of [`/api/analysis/${crypto.randomUUID()}`, `/api/analysis/${crypto.randomUUID()}/${mine.access_token}`]) {
      const response = await call(path);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual(NOT_FOUND);
    }
  });

  it('treats a forged bearer token as a visitor', async () => {
    const response = await call(`/api/analysis/${mine.analysis_id}`, {
      headers: { Authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.forged' },
    });
    expect(response.status).toBe(401);
  });

  describe.each(['artifact-content', 'artifact-image'])('GET /api/%s/:id', (route) => {
    it('serves the owner (bearer) and the link holder (access_token query)', async () => {
      expect((await call(`/api/${route}/${artifactId}`, { headers: { Authorization: owner.bearer } })).status).toBe(200);
      const viaLink = await call(`/api/${route}/${artifactId}?access_token=${mine.access_token}`);
      expect(viaLink.status).toBe(200);
      expect(viaLink.headers.get('Content-Security-Policy')).toContain("default-src 'none'");
    });

    it('refuses visitors, wrong tokens and other analyses’ tokens with 401, strangers with 404', async () => {
      for (const query of ['', '?access_token=wrong', `?access_token=${other.access_token}`]) {
        const response = await call(`/api/${route}/${artifactId}${query}`);
        expect(response.status).toBe(401);
        expect(await response.json()).toEqual(AUTH_REQUIRED);
      }
      const stray = await call(`/api/${route}/${artifactId}`, { headers: { Authorization: stranger.bearer } });
      expect(stray.status).toBe(404);
    });

    it('answers 404 for an unknown artifact', async () => {
      const response = await call(`/api/${route}/nope?access_token=${mine.access_token}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: 'Artifact not found', code: 'NOT_FOUND' });
    });
  });
});
