/**
 * Daily analysis quotas (worker/uploads/quota.ts): one analysis a day per email and per IP
 * for visitors; signed-in users unlimited up to the SIGNED_IN_DAILY_CAP abuse cap.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createSignedInUser, freshEmail, freshIp } from './auth-helpers';
import { upload } from './helpers';

const VISITOR_QUOTA = {
  error: "You've used your free analysis for today. Create a free account for unlimited analyses.",
  code: 'DAILY_QUOTA',
};

describe('visitor quota', () => {
  it('allows one analysis a day per email: the second gets 429 with the create-an-account message', async () => {
    const email = freshEmail('visitor');
    expect((await upload({ email }, { 'CF-Connecting-IP': freshIp() })).status).toBe(200);
    const second = await upload({ email: email.toUpperCase() }, { 'CF-Connecting-IP': freshIp() });
    expect(second.status).toBe(429);
    expect(await second.json()).toEqual(VISITOR_QUOTA);
  });

  it('allows one analysis a day per IP (CF-Connecting-IP), whatever the email', async () => {
    const ip = freshIp();
    expect((await upload({ email: freshEmail('visitor') }, { 'CF-Connecting-IP': ip })).status).toBe(200);
    const second = await upload({ email: freshEmail('visitor') }, { 'CF-Connecting-IP': ip });
    expect(second.status).toBe(429);
    expect(await second.json()).toEqual(VISITOR_QUOTA);
  });

  it("counts only today's analyses (UTC)", async () => {
    const email = freshEmail('visitor');
    const first = await upload({ email });
    const { analysis_id } = await first.json<{ analysis_id: string }>();
    await env.DB.prepare("update analyses set created_at = '2020-01-01T00:00:00.000Z' where id = ?").bind(analysis_id).run();
    expect((await upload({ email })).status).toBe(200);
  });
});

describe('signed-in users', () => {
  it('are not held to the visitor quota', async () => {
    const user = await createSignedInUser();
    const ip = freshIp();
    for (let i = 0; i < 3; i++) {
      const response = await upload({ email: user.email, captchaToken: null }, { Authorization: user.bearer, 'CF-Connecting-IP': ip });
      expect(response.status).toBe(200);
    }
  });

  it(`stop at the abuse cap (SIGNED_IN_DAILY_CAP, ${env.SIGNED_IN_DAILY_CAP} a day) with 429`, async () => {
    const user = await createSignedInUser();
    const cap = Number(env.SIGNED_IN_DAILY_CAP);
    expect(cap).toBe(50);
    // Today's earlier analyses, written directly: the cap counts rows, not requests.
    const insert = env.DB.prepare("insert into analyses (id, email, user_id, status) values (?, ?, ?, 'completed')");
    await env.DB.batch(Array.from({ length: cap - 1 }, () => insert.bind(crypto.randomUUID(), user.email, user.id)));
    expect((await upload({ captchaToken: null }, { Authorization: user.bearer })).status).toBe(200);
    const over = await upload({ captchaToken: null }, { Authorization: user.bearer });
    expect(over.status).toBe(429);
    expect(await over.json()).toEqual({ error: "You've reached today's analysis limit. Please try again tomorrow.", code: 'DAILY_CAP' });
  });
});
