/**
 * Chat rate limits and ownership (issue 11): every question that passes validation counts,
 * answered or not — 30 an hour per analysis; through the secure link 10 an hour per
 * analysis and 20 an hour per IP — and an exceeded limit is 429 in the error envelope with
 * `Retry-After` (seconds to the end of the hour window, which opens at the first question). Claiming an analysis after
 * sign-up makes the account its owner and retires the owner token.
 *
 * The analyses here are marked failed, so an allowed question gets the job's quick 409.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { randomToken, sha256Hex } from '../../worker/lib/crypto';
import { createSignedInUser, freshEmail, freshIp } from './auth-helpers';
import { call } from './helpers';

const RATE_LIMITED = { error: 'Too many questions. Please try again later.', code: 'RATE_LIMITED' };

interface Target {
  analysisId: string;
  ownerToken: string;
  accessToken: string;
}

/** A failed visitor analysis; `linkChat` turns link questions on. */
async function failedAnalysis(options: { email?: string; linkChat?: boolean } = {}): Promise<Target> {
  const target = { analysisId: crypto.randomUUID(), ownerToken: randomToken(32), accessToken: randomToken(32) };
  await env.DB.prepare(
    "insert into analyses (id, email, status, access_token_hash, owner_token_hash, link_chat_enabled) values (?, ?, 'error', ?, ?, ?)",
  )
    .bind(
      target.analysisId,
      options.email ?? freshEmail('visitor'),
      await sha256Hex(target.accessToken),
      await sha256Hex(target.ownerToken),
      options.linkChat ? 1 : 0,
    )
    .run();
  return target;
}

function ask(analysisId: string, query: string, headers: Record<string, string>) {
  return call(`/api/analysis/${analysisId}/chat${query}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ message: 'Who are my best customers?' }),
  });
}

async function statusesOf(n: number, send: () => Promise<Response>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) {
    const response = await send();
    await response.body?.cancel();
    statuses.push(response.status);
  }
  return statuses;
}

/** The hour window opens at a key's first question, so Retry-After is at most an hour and counts down from there. */
async function expectRateLimited(response: Response, windowOpenedAt: number): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  expect(response.status).toBe(429);
  expect(await response.json()).toEqual(RATE_LIMITED);
  const retryAfter = Number(response.headers.get('Retry-After'));
  expect(retryAfter).toBeLessThanOrEqual(3600);
  expect(retryAfter).toBeGreaterThanOrEqual(3600 - (now - windowOpenedAt) - 1);
}

describe('chat rate limits', () => {
  it('allows 30 questions an hour per analysis; the 31st gets 429 with Retry-After', async () => {
    const target = await failedAnalysis();
    const owner = { 'X-Owner-Token': target.ownerToken, 'CF-Connecting-IP': freshIp() };
    const opened = Math.floor(Date.now() / 1000);
    expect(await statusesOf(30, () => ask(target.analysisId, '', owner))).toEqual(Array.from({ length: 30 }, () => 409));
    await expectRateLimited(await ask(target.analysisId, '', owner), opened);
  });

  it('allows a link holder 10 questions an hour per analysis, while the owner may still ask', async () => {
    const target = await failedAnalysis({ linkChat: true });
    const link = `?access_token=${target.accessToken}`;
    const ip = { 'CF-Connecting-IP': freshIp() };
    const opened = Math.floor(Date.now() / 1000);
    expect(await statusesOf(10, () => ask(target.analysisId, link, ip))).toEqual(Array.from({ length: 10 }, () => 409));
    await expectRateLimited(await ask(target.analysisId, link, { 'CF-Connecting-IP': freshIp() }), opened);
    expect((await ask(target.analysisId, '', { 'X-Owner-Token': target.ownerToken, ...ip })).status).toBe(409);
  });

  it('allows one IP 20 link questions an hour over all analyses', async () => {
    const ip = { 'CF-Connecting-IP': freshIp() };
    const first = await failedAnalysis({ linkChat: true });
    const second = await failedAnalysis({ linkChat: true });
    const third = await failedAnalysis({ linkChat: true });
    const opened = Math.floor(Date.now() / 1000);
    expect(await statusesOf(10, () => ask(first.analysisId, `?access_token=${first.accessToken}`, ip))).toEqual(Array(10).fill(409));
    expect(await statusesOf(10, () => ask(second.analysisId, `?access_token=${second.accessToken}`, ip))).toEqual(Array(10).fill(409));
    await expectRateLimited(await ask(third.analysisId, `?access_token=${third.accessToken}`, ip), opened);
  });
});

describe('claiming an analysis after sign-up', () => {
  it('moves ownership to the account: the bearer may ask, the old owner token no longer works', async () => {
    const user = await createSignedInUser();
    const target = await failedAnalysis({ email: user.email });
    expect((await ask(target.analysisId, '', { 'X-Owner-Token': target.ownerToken })).status).toBe(409);

    const claim = await call('/api/claim-analyses', { method: 'POST', headers: { Authorization: user.bearer } });
    expect(await claim.json()).toEqual({ claimed_count: 1 });

    expect((await ask(target.analysisId, '', { Authorization: user.bearer })).status).toBe(409);
    const retired = await ask(target.analysisId, '', { 'X-Owner-Token': target.ownerToken });
    expect(retired.status).toBe(401);
    expect((await retired.json<{ code: string }>()).code).toBe('AUTH_REQUIRED');
  });
});
