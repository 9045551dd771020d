/**
 * Issue 11 item 4: two tabs refreshing with one refresh token at the same moment must not
 * sign the user out. Within 10 seconds of a token's first exchange, exchanging it again
 * gives another valid session of the same family; after that, reuse is theft and revokes
 * the family (auth-api.test.ts checks the revocation in full).
 */
import { describe, expect, it } from 'vitest';
import { createSignedInUser, postJson, spentSecondsAgo } from './auth-helpers';
import { call } from './helpers';

interface Session {
  access_token: string;
  refresh_token: string;
  user: { id: string };
}

const refresh = (refreshToken: string) => postJson('/api/auth/token?grant_type=refresh_token', { refresh_token: refreshToken });
const me = (accessToken: string) => call('/api/auth/user', { headers: { Authorization: `Bearer ${accessToken}` } });

describe('refresh-token reuse grace window', () => {
  it('two parallel refreshes with one token both get a working session, and both children refresh again', async () => {
    const { session, id } = await createSignedInUser();
    const [a, b] = await Promise.all([refresh(session.refresh_token), refresh(session.refresh_token)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const [first, second] = [await a.json<Session>(), await b.json<Session>()];
    expect(first.user.id).toBe(id);
    expect(second.user.id).toBe(id);
    expect(first.refresh_token).not.toBe(second.refresh_token);
    expect((await me(first.access_token)).status).toBe(200);
    expect((await me(second.access_token)).status).toBe(200);
    expect((await refresh(first.refresh_token)).status).toBe(200);
    expect((await refresh(second.refresh_token)).status).toBe(200);
  });

  it('a second exchange 9 seconds after the first still gets a session; the first child keeps working', async () => {
    const { session } = await createSignedInUser();
    const first = await (await refresh(session.refresh_token)).json<Session>();
    await spentSecondsAgo(session.refresh_token, 9);
    const again = await refresh(session.refresh_token);
    expect(again.status).toBe(200);
    expect((await me((await again.json<Session>()).access_token)).status).toBe(200);
    expect((await me(first.access_token)).status).toBe(200);
  });

  it('a reuse 11 seconds after the first exchange is theft: refused, and the family is revoked', async () => {
    const { session } = await createSignedInUser();
    const first = await (await refresh(session.refresh_token)).json<Session>();
    await spentSecondsAgo(session.refresh_token, 11);
    const reuse = await refresh(session.refresh_token);
    expect(reuse.status).toBe(400);
    expect(await reuse.json()).toEqual({ error: 'Invalid Refresh Token: Already Used', code: 'REFRESH_TOKEN_REUSED' });
    expect((await me(first.access_token)).status).toBe(401);
    const child = await refresh(first.refresh_token);
    expect(child.status).toBe(400);
    expect(await child.json()).toEqual({ error: 'Invalid Refresh Token: Refresh Token Not Found', code: 'REFRESH_TOKEN_NOT_FOUND' });
  });

  it('the grace window does not revive a signed-out session', async () => {
    const { session } = await createSignedInUser();
    await refresh(session.refresh_token);
    expect((await call('/api/auth/logout', { method: 'POST', headers: { Authorization: `Bearer ${session.access_token}` } })).status).toBe(
      204,
    );
    const again = await refresh(session.refresh_token);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: 'Invalid Refresh Token: Refresh Token Not Found', code: 'REFRESH_TOKEN_NOT_FOUND' });
  });
});
