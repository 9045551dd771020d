/**
 * The daily quota holds under parallel requests: the reservation is one conditional
 * insert, so of 10 simultaneous uploads exactly the quota's worth succeed — for a
 * visitor (1) and a signed-in user at the abuse cap, on the single-request and the
 * chunked-start path — and every other request gets the quota's 429.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createSignedInUser, freshEmail, freshIp } from './auth-helpers';
import { DUMMY_TOKEN, call, upload } from './helpers';

const VISITOR_QUOTA = {
  error: "You've used your free analysis for today. Create a free account for unlimited analyses.",
  code: 'DAILY_QUOTA',
};
const SIGNED_IN_CAP = { error: "You've reached today's analysis limit. Please try again tomorrow.", code: 'DAILY_CAP' };

function startChunked(body: Record<string, unknown>, headers: Record<string, string>) {
  return call('/api/uploads', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ fileName: 'big.csv', fileSize: 100, ...body }),
  });
}

/** Statuses of the responses, and the bodies of those that were refused. */
async function outcomes(responses: Response[]): Promise<{ statuses: number[]; refusals: unknown[] }> {
  const statuses = responses.map((r) => r.status);
  const refusals = await Promise.all(responses.filter((r) => r.status === 429).map((r) => r.json()));
  await Promise.all(responses.filter((r) => r.status !== 429).map((r) => r.body?.cancel()));
  return { statuses, refusals };
}

/** Inserts `n` of today's completed analyses for a user, as earlier uploads would have. */
async function earlierAnalyses(userId: string, email: string, n: number): Promise<void> {
  const insert = env.DB.prepare("insert into analyses (id, email, user_id, status) values (?, ?, ?, 'completed')");
  await env.DB.batch(Array.from({ length: n }, () => insert.bind(crypto.randomUUID(), email, userId)));
}

describe('the daily quota under 10 parallel requests', () => {
  it('lets exactly 1 of 10 parallel single-request visitor uploads (same email and IP) through', async () => {
    const email = freshEmail('visitor');
    const ip = freshIp();
    const { statuses, refusals } = await outcomes(
      await Promise.all(Array.from({ length: 10 }, () => upload({ email }, { 'CF-Connecting-IP': ip }))),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(9);
    expect(refusals).toEqual(Array.from({ length: 9 }, () => VISITOR_QUOTA));
    const rows = await env.DB.prepare('select count(*) as n from analyses where email = ?').bind(email).first<{ n: number }>();
    expect(rows?.n).toBe(1);
  });

  it('lets exactly 1 of 10 parallel chunked starts by one visitor through', async () => {
    const email = freshEmail('visitor');
    const ip = freshIp();
    const { statuses, refusals } = await outcomes(
      await Promise.all(Array.from({ length: 10 }, () => startChunked({ email, captchaToken: DUMMY_TOKEN }, { 'CF-Connecting-IP': ip }))),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(refusals).toEqual(Array.from({ length: 9 }, () => VISITOR_QUOTA));
    const rows = await env.DB.prepare('select count(*) as n from multipart_uploads where email = ?').bind(email).first<{ n: number }>();
    expect(rows?.n).toBe(1);
  });

  it('counts a chunked upload in flight against a single-request upload from the same IP', async () => {
    const ip = freshIp();
    expect((await startChunked({ email: freshEmail('visitor'), captchaToken: DUMMY_TOKEN }, { 'CF-Connecting-IP': ip })).status).toBe(201);
    const second = await upload({ email: freshEmail('visitor') }, { 'CF-Connecting-IP': ip });
    expect(second.status).toBe(429);
    expect(await second.json()).toEqual(VISITOR_QUOTA);
  });

  it('lets a signed-in user 3 below the cap start exactly 3 of 10 parallel uploads', async () => {
    const user = await createSignedInUser();
    const cap = Number(env.SIGNED_IN_DAILY_CAP);
    await earlierAnalyses(user.id, user.email, cap - 3);
    const { statuses, refusals } = await outcomes(
      await Promise.all(
        Array.from({ length: 10 }, () => upload({ email: user.email, captchaToken: null }, { Authorization: user.bearer })),
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(refusals).toEqual(Array.from({ length: 7 }, () => SIGNED_IN_CAP));
    const rows = await env.DB.prepare('select count(*) as n from analyses where user_id = ?').bind(user.id).first<{ n: number }>();
    expect(rows?.n).toBe(cap);
  });

  it('lets a signed-in user 2 below the cap start exactly 2 of 10 parallel chunked uploads', async () => {
    const user = await createSignedInUser();
    await earlierAnalyses(user.id, user.email, Number(env.SIGNED_IN_DAILY_CAP) - 2);
    const { statuses, refusals } = await outcomes(
      await Promise.all(Array.from({ length: 10 }, () => startChunked({}, { Authorization: user.bearer }))),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(2);
    expect(refusals).toEqual(Array.from({ length: 8 }, () => SIGNED_IN_CAP));
  });
});
