/**
 * The authorisation matrix (SPEC §6): every route that reads or manages an analysis,
 * against every kind of caller — a visitor, the owner, another signed-in user, the holder
 * of the secure link, and the holder of a link the owner has revoked.
 *
 * Each route says how a caller's credentials travel (bearer header, token in the path or
 * the `access_token` query) and what each caller must get. A secure-link holder has no
 * bearer; the others present a wrong token where a route takes one, to show a token slot
 * can't be guessed into.
 */
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, type TestUser } from './auth-helpers';
import { randomToken, sha256Hex } from '../../worker/lib/crypto';
import { call } from './helpers';

type Caller = 'visitor' | 'owner' | 'other user' | 'secure link' | 'revoked link';
const CALLERS: Caller[] = ['visitor', 'owner', 'other user', 'secure link', 'revoked link'];

interface Target {
  analysisId: string;
  artifactId: string;
  token: string;
}

interface Credentials {
  bearer: string | null;
  target: Target;
}

interface RouteCase {
  name: string;
  request(c: Credentials): [string, RequestInit];
  expected: Record<Caller, number>;
}

const WRONG_TOKEN = 'x'.repeat(43);
const headers = (c: Credentials, extra: Record<string, string> = {}) => ({ ...(c.bearer ? { Authorization: c.bearer } : {}), ...extra });

const ROUTES: RouteCase[] = [
  {
    name: 'GET /api/analysis/:id',
    request: (c) => [`/api/analysis/${c.target.analysisId}`, { headers: headers(c) }],
    expected: { visitor: 401, owner: 200, 'other user': 404, 'secure link': 401, 'revoked link': 401 },
  },
  {
    name: 'GET /api/analysis/:id/:accessToken',
    request: (c) => [`/api/analysis/${c.target.analysisId}/${c.target.token}`, { headers: headers(c) }],
    expected: { visitor: 401, owner: 200, 'other user': 404, 'secure link': 200, 'revoked link': 401 },
  },
  {
    name: 'GET /api/artifact-content/:id',
    request: (c) => [`/api/artifact-content/${c.target.artifactId}?access_token=${c.target.token}`, { headers: headers(c) }],
    expected: { visitor: 401, owner: 200, 'other user': 404, 'secure link': 200, 'revoked link': 401 },
  },
  {
    name: 'GET /api/artifact-image/:id',
    request: (c) => [`/api/artifact-image/${c.target.artifactId}?access_token=${c.target.token}`, { headers: headers(c) }],
    expected: { visitor: 401, owner: 200, 'other user': 404, 'secure link': 200, 'revoked link': 401 },
  },
  {
    name: 'GET /api/analysis/:id/live (WebSocket)',
    request: (c) => [
      `/api/analysis/${c.target.analysisId}/live?access_token=${c.target.token}`,
      { headers: headers(c, { Upgrade: 'websocket' }) },
    ],
    expected: { visitor: 401, owner: 101, 'other user': 404, 'secure link': 101, 'revoked link': 401 },
  },
  {
    // Authorised callers reach the analysis's job, which answers 409 (this analysis failed,
    // so there is nothing to ask about); everyone else is stopped before it. A secure-link
    // holder may read but not ask until the owner allows it (403, see 'chat permission').
    name: 'POST /api/analysis/:id/chat',
    request: (c) => [
      `/api/analysis/${c.target.analysisId}/chat?access_token=${c.target.token}`,
      {
        method: 'POST',
        headers: headers(c, { 'Content-Type': 'application/json' }),
        body: JSON.stringify({ message: 'Who are my best customers?' }),
      },
    ],
    expected: { visitor: 401, owner: 409, 'other user': 404, 'secure link': 403, 'revoked link': 401 },
  },
  {
    name: 'PUT /api/analysis/:id/link-chat (owner only)',
    request: (c) => [
      `/api/analysis/${c.target.analysisId}/link-chat?access_token=${c.target.token}`,
      { method: 'PUT', headers: headers(c, { 'Content-Type': 'application/json' }), body: JSON.stringify({ enabled: true }) },
    ],
    expected: { visitor: 401, owner: 200, 'other user': 404, 'secure link': 401, 'revoked link': 401 },
  },
  {
    // A browser navigation: only the link's token counts, never a bearer.
    name: 'GET /dashboard/:id/:token',
    request: (c) => [`/dashboard/${c.target.analysisId}/${c.target.token}`, { headers: headers(c) }],
    expected: { visitor: 404, owner: 404, 'other user': 404, 'secure link': 200, 'revoked link': 404 },
  },
  {
    name: 'POST /api/analysis/:id/access-token (re-issue)',
    request: (c) => [
      `/api/analysis/${c.target.analysisId}/access-token?access_token=${c.target.token}`,
      { method: 'POST', headers: headers(c) },
    ],
    expected: { visitor: 401, owner: 200, 'other user': 404, 'secure link': 401, 'revoked link': 401 },
  },
  {
    name: 'DELETE /api/analysis/:id/access-token (revoke)',
    request: (c) => [
      `/api/analysis/${c.target.analysisId}/access-token?access_token=${c.target.token}`,
      { method: 'DELETE', headers: headers(c) },
    ],
    expected: { visitor: 401, owner: 200, 'other user': 404, 'secure link': 401, 'revoked link': 401 },
  },
  {
    name: 'GET /api/user-analyses',
    request: (c) => ['/api/user-analyses', { headers: headers(c) }],
    expected: { visitor: 401, owner: 200, 'other user': 200, 'secure link': 401, 'revoked link': 401 },
  },
  {
    name: 'POST /api/claim-analyses',
    request: (c) => ['/api/claim-analyses', { method: 'POST', headers: headers(c) }],
    expected: { visitor: 401, owner: 200, 'other user': 200, 'secure link': 401, 'revoked link': 401 },
  },
];

/**
 * An owned analysis with one stored artifact and a rendered dashboard, written directly
 * (uploads would start a real job per cell). It is marked failed, so an authorised chat
 * question reaches the analysis's Durable Object and gets its 409 answer.
 */
async function ownedAnalysis(owner: TestUser): Promise<{ analysis_id: string; access_token: string; artifactId: string }> {
  const analysisId = crypto.randomUUID();
  const accessToken = randomToken(32);
  const artifactId = crypto.randomUUID();
  const location = `artifacts/${analysisId}/segments.md`;
  await env.DB.batch([
    env.DB.prepare(
      "insert into analyses (id, email, user_id, status, access_token_hash, initial_message) values (?, ?, ?, 'error', ?, 'Who are my best customers?')",
    ).bind(analysisId, owner.email, owner.id, await sha256Hex(accessToken)),
    env.DB.prepare(
      "insert into artifacts (id, analysis_id, artifact_type, file_name, file_location, file_size, content_type) values (?, ?, 'report', 'segments.md', ?, 11, 'text/markdown')",
    ).bind(artifactId, analysisId, location),
  ]);
  await env.FILES.put(location, '# Segments\n');
  await env.FILES.put(`artifacts/${analysisId}/dashboard.html`, '<!doctype html><title>Dashboard</title><h1>Dashboard</h1>');
  await runInDurableObject(env.ANALYSIS_JOB.getByName(analysisId), (_, state) => state.storage.put('analysisId', analysisId));
  return { analysis_id: analysisId, access_token: accessToken, artifactId };
}

describe('authorisation matrix', () => {
  let other: TestUser;
  let credentials: Record<Caller, () => Promise<Credentials>>;

  beforeAll(async () => {
    other = await createSignedInUser();
    // Each cell gets a fresh owner and analysis, so a revoke or re-issue in one cell can't
    // leak into another (and no owner nears the daily cap).
    const fresh = async () => {
      const owner = await createSignedInUser();
      const a = await ownedAnalysis(owner);
      return { owner, target: { analysisId: a.analysis_id, artifactId: a.artifactId, token: a.access_token } };
    };
    credentials = {
      visitor: async () => ({ bearer: null, target: { ...(await fresh()).target, token: WRONG_TOKEN } }),
      owner: async () => {
        const { owner, target } = await fresh();
        return { bearer: owner.bearer, target: { ...target, token: WRONG_TOKEN } };
      },
      'other user': async () => ({ bearer: other.bearer, target: { ...(await fresh()).target, token: WRONG_TOKEN } }),
      'secure link': async () => ({ bearer: null, target: (await fresh()).target }),
      'revoked link': async () => {
        const { owner, target } = await fresh();
        const revoke = await call(`/api/analysis/${target.analysisId}/access-token`, {
          method: 'DELETE',
          headers: { Authorization: owner.bearer },
        });
        expect(revoke.status).toBe(200);
        return { bearer: null, target };
      },
    };
  });

  for (const route of ROUTES) {
    describe(route.name, () => {
      for (const caller of CALLERS) {
        it(`answers ${route.expected[caller]} to ${caller === 'owner' ? 'the owner' : `a ${caller}`}`, async () => {
          const [path, init] = route.request(await credentials[caller]());
          const response = await call(path, init);
          expect(response.status).toBe(route.expected[caller]);
          if (response.status === 101) response.webSocket?.accept();
          if (response.status === 101) response.webSocket?.close();
          else await response.body?.cancel();
        });
      }
    });
  }

  it('a revoked link stays dead after the owner re-issues a new one', async () => {
    const owner = await createSignedInUser();
    const target = await ownedAnalysis(owner);
    await call(`/api/analysis/${target.analysis_id}/access-token`, { method: 'DELETE', headers: { Authorization: owner.bearer } });
    await call(`/api/analysis/${target.analysis_id}/access-token`, { method: 'POST', headers: { Authorization: owner.bearer } });
    expect((await call(`/api/analysis/${target.analysis_id}/${target.access_token}`)).status).toBe(401);
    expect((await call(`/dashboard/${target.analysis_id}/${target.access_token}`)).status).toBe(404);
  });
});

/**
 * Who may ask questions (issue 11): the owner — signed in, or the visitor who uploaded
 * and holds the owner token — always; a secure-link holder only after the owner turned
 * link questions on; nobody else. Authorised questions reach the (failed) analysis's job,
 * which answers 409.
 */
describe('chat permission', () => {
  const ask = (analysisId: string, query: string, extra: Record<string, string>) =>
    call(`/api/analysis/${analysisId}/chat${query}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...extra },
      body: JSON.stringify({ message: 'Who are my best customers?' }),
    });

  /** A failed analysis uploaded by a visitor, with its owner token. */
  async function visitorAnalysis(): Promise<{ analysisId: string; ownerToken: string; accessToken: string }> {
    const analysisId = crypto.randomUUID();
    const ownerToken = randomToken(32);
    const accessToken = randomToken(32);
    await env.DB.prepare(
      "insert into analyses (id, email, status, access_token_hash, owner_token_hash) values (?, 'visitor@example.com', 'error', ?, ?)",
    )
      .bind(analysisId, await sha256Hex(accessToken), await sha256Hex(ownerToken))
      .run();
    return { analysisId, ownerToken, accessToken };
  }

  it('answers 409 to the visitor owner with the owner token', async () => {
    const { analysisId, ownerToken } = await visitorAnalysis();
    expect((await ask(analysisId, '', { 'X-Owner-Token': ownerToken })).status).toBe(409);
  });

  it('answers 401 to a visitor with a wrong owner token', async () => {
    const { analysisId } = await visitorAnalysis();
    expect((await ask(analysisId, '', { 'X-Owner-Token': WRONG_TOKEN })).status).toBe(401);
  });

  it('answers 403 to a link holder while link questions are off (the default)', async () => {
    const { analysisId, accessToken } = await visitorAnalysis();
    const response = await ask(analysisId, `?access_token=${accessToken}`, {});
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      error: 'The owner of this analysis has not allowed questions through the shared link.',
      code: 'LINK_CHAT_DISABLED',
    });
  });

  it('answers 409 to a link holder once the owner turned link questions on', async () => {
    const { analysisId, ownerToken, accessToken } = await visitorAnalysis();
    const toggle = await call(`/api/analysis/${analysisId}/link-chat`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', 'X-Owner-Token': ownerToken },
      body: JSON.stringify({ enabled: true }),
    });
    expect(toggle.status).toBe(200);
    expect(await toggle.json()).toEqual({ link_chat_enabled: true });
    expect((await ask(analysisId, `?access_token=${accessToken}`, {})).status).toBe(409);
  });

  it('answers 409 to the signed-in owner', async () => {
    const owner = await createSignedInUser();
    const { analysis_id } = await ownedAnalysis(owner);
    expect((await ask(analysis_id, '', { Authorization: owner.bearer })).status).toBe(409);
  });

  it('answers 404 to another signed-in user, even with link questions on', async () => {
    const owner = await createSignedInUser();
    const other = await createSignedInUser();
    const { analysis_id } = await ownedAnalysis(owner);
    await call(`/api/analysis/${analysis_id}/link-chat`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: owner.bearer },
      body: JSON.stringify({ enabled: true }),
    });
    expect((await ask(analysis_id, '', { Authorization: other.bearer })).status).toBe(404);
  });
});
