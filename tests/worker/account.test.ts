import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createSignedInUser, freshEmail } from './auth-helpers';
import { call, readAnalysis, uploadOk } from './helpers';

const auth = (bearer: string) => ({ Authorization: bearer });
const claim = (bearer: string) => call('/api/claim-analyses', { method: 'POST', headers: auth(bearer) });
const history = (bearer: string) => call('/api/user-analyses', { headers: auth(bearer) });

describe('POST /api/claim-analyses', () => {
  it('moves the visitor analyses sent to the confirmed email under the account, once', async () => {
    const email = freshEmail();
    const first = await uploadOk({ email });
    const user = await createSignedInUser({ email });
    // Another day's visitor analysis by the same email (the visitor quota is one a day).
    await env.DB.prepare("update analyses set created_at = '2020-01-01T00:00:00.000Z' where id = ?").bind(first.analysis_id).run();
    const second = await uploadOk({ email: email.toUpperCase() });

    const response = await claim(user.bearer);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ claimed_count: 2 });
    const owners = await env.DB.prepare('select distinct user_id from analyses where id in (?, ?)')
      .bind(first.analysis_id, second.analysis_id)
      .all<{ user_id: string }>();
    expect(owners.results).toEqual([{ user_id: user.id }]);
    expect(await (await claim(user.bearer)).json()).toEqual({ claimed_count: 0 });
    // The owner now reads them with the bearer alone.
    expect((await call(`/api/analysis/${first.analysis_id}`, { headers: auth(user.bearer) })).status).toBe(200);
  });

  it('claims nothing for an unconfirmed email', async () => {
    const email = freshEmail();
    const visitor = await uploadOk({ email });
    const user = await createSignedInUser({ email, confirmed: false });
    expect(await (await claim(user.bearer)).json()).toEqual({ claimed_count: 0 });
    const row = await env.DB.prepare('select user_id from analyses where id = ?')
      .bind(visitor.analysis_id)
      .first<{ user_id: string | null }>();
    expect(row?.user_id).toBeNull();
  });

  it("never takes an analysis that already has an owner, even one sent to the claimer's email", async () => {
    const owner = await createSignedInUser();
    const claimer = await createSignedInUser();
    const owned = await uploadOk({ email: claimer.email }, auth(owner.bearer));
    expect(await (await claim(claimer.bearer)).json()).toEqual({ claimed_count: 0 });
    const row = await env.DB.prepare('select user_id from analyses where id = ?').bind(owned.analysis_id).first<{ user_id: string }>();
    expect(row?.user_id).toBe(owner.id);
  });

  it('needs a bearer token (401 Authentication required)', async () => {
    const response = await call('/api/claim-analyses', { method: 'POST' });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'Authentication required', code: 'UNAUTHORIZED' });
  });
});

describe('GET /api/user-analyses', () => {
  it('lists only the user’s analyses, newest first, with id, created_at, initial_message, status and file_name', async () => {
    const user = await createSignedInUser();
    const older = await uploadOk({ message: 'First question', file: new File(['a,b\n1,2\n'], 'first.csv') }, auth(user.bearer));
    await env.DB.prepare("update analyses set created_at = '2020-01-01T00:00:00.000Z' where id = ?").bind(older.analysis_id).run();
    const newer = await uploadOk({ message: 'Second question', file: new File(['a,b\n1,2\n'], 'second.csv') }, auth(user.bearer));
    await uploadOk(); // someone else's

    const response = await history(user.bearer);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      analyses: [
        {
          id: newer.analysis_id,
          created_at: expect.any(String),
          initial_message: 'Second question',
          status: 'initializing',
          file_name: 'second.csv',
        },
        {
          id: older.analysis_id,
          created_at: '2020-01-01T00:00:00.000Z',
          initial_message: 'First question',
          status: 'initializing',
          file_name: 'first.csv',
        },
      ],
    });
  });

  it('is empty for a new account and 401 without a bearer', async () => {
    const user = await createSignedInUser();
    expect(await (await history(user.bearer)).json()).toEqual({ analyses: [] });
    expect((await call('/api/user-analyses')).status).toBe(401);
  });
});

describe('secure links: revoke and re-issue', () => {
  it('the owner revokes the link: the old token stops working everywhere', async () => {
    const user = await createSignedInUser();
    const answer = await uploadOk({}, auth(user.bearer));
    const revoke = await call(`/api/analysis/${answer.analysis_id}/access-token`, { method: 'DELETE', headers: auth(user.bearer) });
    expect(revoke.status).toBe(200);
    expect(await revoke.json()).toEqual({ revoked: true });
    const row = await env.DB.prepare('select access_token_hash from analyses where id = ?')
      .bind(answer.analysis_id)
      .first<{ access_token_hash: string | null }>();
    expect(row?.access_token_hash).toBeNull();
    expect((await call(`/api/analysis/${answer.analysis_id}/${answer.access_token}`)).status).toBe(401);
  });

  it('the owner re-issues a link: the new token works once returned, the old one no longer', async () => {
    const user = await createSignedInUser();
    const answer = await uploadOk({}, auth(user.bearer));
    const reissue = await call(`/api/analysis/${answer.analysis_id}/access-token`, { method: 'POST', headers: auth(user.bearer) });
    expect(reissue.status).toBe(200);
    expect(reissue.headers.get('Cache-Control')).toBe('no-store');
    const body = await reissue.json<{ access_token: string; analysis_url: string; dashboard_url: string }>();
    expect(body.access_token).toMatch(/^[\w-]{43}$/);
    expect(body.analysis_url).toBe(`http://localhost:3000/analysis/${answer.analysis_id}/${body.access_token}`);
    expect(body.dashboard_url).toBe(`http://localhost:3000/dashboard/${answer.analysis_id}/${body.access_token}`);
    expect((await readAnalysis(answer.analysis_id, body.access_token)).analysis.id).toBe(answer.analysis_id);
    expect((await call(`/api/analysis/${answer.analysis_id}/${answer.access_token}`)).status).toBe(401);
  });

  it('only the owner may: a link holder gets 401, another user 404', async () => {
    const owner = await createSignedInUser();
    const stranger = await createSignedInUser();
    const answer = await uploadOk({}, auth(owner.bearer));
    for (const method of ['POST', 'DELETE']) {
      const asLinkHolder = await call(`/api/analysis/${answer.analysis_id}/access-token?access_token=${answer.access_token}`, { method });
      expect(asLinkHolder.status).toBe(401);
      const asStranger = await call(`/api/analysis/${answer.analysis_id}/access-token`, { method, headers: auth(stranger.bearer) });
      expect(asStranger.status).toBe(404);
    }
    expect((await readAnalysis(answer.analysis_id, answer.access_token)).analysis.id).toBe(answer.analysis_id);
  });
});
