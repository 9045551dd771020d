/**
 * The emailed flows end to end, the way a person does them: read the email from the
 * outbox, follow its link through GET /api/auth/verify, take the session from the
 * redirect's URL fragment and use it.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import {
  GOOD_PASSWORD,
  createSignedInUser,
  followLink,
  freshEmail,
  latestEmail,
  linkIn,
  outboxFor,
  postJson,
  sessionFromFragment,
} from './auth-helpers';
import { DUMMY_TOKEN, call } from './helpers';

const signup = (email: string, password = GOOD_PASSWORD) => postJson('/api/auth/signup', { email, password, captchaToken: DUMMY_TOKEN });
const signIn = (email: string, password: string) => postJson('/api/auth/token?grant_type=password', { email, password });
const me = (accessToken: string) => call('/api/auth/user', { headers: { Authorization: `Bearer ${accessToken}` } });

const INVALID_LINK_HASH = '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired';

describe('sign-up confirmation', () => {
  it('confirms the email through the emailed link, lands on /auth/success on port 3000 with a session, and allows password sign-in', async () => {
    const email = freshEmail();
    await signup(email);
    const mail = await latestEmail(email);
    expect(mail.template).toBe('confirm-signup');
    const link = linkIn(mail);
    expect(link).toMatch(/^http:\/\/localhost:3000\/api\/auth\/verify\?token=[\w-]{43}&type=signup$/);
    // The HTML part carries the same link.
    expect(mail.html_body).toContain(link.replace(/&/g, '&amp;'));

    const { status, location } = await followLink(link);
    expect(status).toBe(303);
    expect(`${location.origin}${location.pathname}`).toBe('http://localhost:3000/auth/success');
    const session = sessionFromFragment(location);
    expect(Object.keys(session)).toEqual(['access_token', 'expires_at', 'expires_in', 'refresh_token', 'token_type', 'type']);
    expect(session).toMatchObject({ expires_in: '3600', token_type: 'bearer', type: 'signup' });

    const user = await (await me(session.access_token)).json<{ email: string; email_confirmed_at: string | null }>();
    expect(user.email).toBe(email);
    expect(user.email_confirmed_at).not.toBeNull();
    expect((await signIn(email, GOOD_PASSWORD)).status).toBe(200);
  });

  it('works once: the same link a second time redirects with the invalid-link error', async () => {
    const email = freshEmail();
    await signup(email);
    const link = linkIn(await latestEmail(email));
    await followLink(link);
    const again = await followLink(link);
    expect(again.status).toBe(303);
    expect(`${again.location.origin}${again.location.pathname}${again.location.hash}`).toBe(
      `http://localhost:3000/auth/success${INVALID_LINK_HASH}`,
    );
  });

  it('expires after an hour', async () => {
    const email = freshEmail();
    await signup(email);
    const link = linkIn(await latestEmail(email));
    await env.DB.prepare("update one_time_tokens set expires_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 second') where email = ?")
      .bind(email)
      .run();
    const { location } = await followLink(link);
    expect(location.hash).toBe(INVALID_LINK_HASH);
  });

  it('stores the link only as a hash', async () => {
    const email = freshEmail();
    await signup(email);
    const token = new URL(linkIn(await latestEmail(email))).searchParams.get('token') ?? '';
    const row = await env.DB.prepare('select token_hash from one_time_tokens where email = ?').bind(email).first<{ token_hash: string }>();
    expect(row?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.token_hash).not.toBe(token);
  });

  it('keeps the password of the person who owns the inbox, even if someone else signed up with the address first', async () => {
    const email = freshEmail();
    await signup(email, 'Intruder-Password-1');
    await signup(email, GOOD_PASSWORD);
    const ownersLink = linkIn(await latestEmail(email));
    await followLink(ownersLink);
    expect((await signIn(email, GOOD_PASSWORD)).status).toBe(200);
    expect((await signIn(email, 'Intruder-Password-1')).status).toBe(400);
  });

  it('POST /api/auth/resend sends a fresh confirmation that also works', async () => {
    const email = freshEmail();
    await signup(email);
    const response = await postJson('/api/auth/resend', { type: 'signup', email });
    expect(response.status).toBe(200);
    const mails = await outboxFor(email);
    expect(mails.map((m) => m.template)).toEqual(['confirm-signup', 'confirm-signup']);
    const { location } = await followLink(linkIn(mails[1]));
    expect(sessionFromFragment(location).type).toBe('signup');
    expect((await signIn(email, GOOD_PASSWORD)).status).toBe(200);
  });

  it("resend refuses other types with 'Only sign-up confirmations can be resent'", async () => {
    const response = await postJson('/api/auth/resend', { type: 'sms', email: freshEmail() });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'Only sign-up confirmations can be resent', code: 'UNSUPPORTED_RESEND_TYPE' });
  });
});

describe('magic link', () => {
  it('signs in an existing user: email, link, session on /auth/success with type magiclink', async () => {
    const user = await createSignedInUser();
    const response = await postJson('/api/auth/otp', {
      email: user.email,
      create_user: true,
      redirect_to: 'http://localhost:3000/auth/success',
    });
    expect(response.status).toBe(200);
    const mail = await latestEmail(user.email);
    expect([mail.template, mail.subject]).toEqual(['magic-link', 'Your Tally sign-in link']);
    const { location } = await followLink(linkIn(mail));
    expect(`${location.origin}${location.pathname}`).toBe('http://localhost:3000/auth/success');
    const session = sessionFromFragment(location);
    expect(session.type).toBe('magiclink');
    expect(await (await me(session.access_token)).json()).toMatchObject({ id: user.id });
  });

  it('creates a confirmed account on first use when create_user is true', async () => {
    const email = freshEmail();
    await postJson('/api/auth/otp', { email, create_user: true });
    const before = await env.DB.prepare('select count(*) as n from users where email = ?').bind(email).first<{ n: number }>();
    expect(before?.n).toBe(0);
    const { location } = await followLink(linkIn(await latestEmail(email)));
    const user = await (await me(sessionFromFragment(location).access_token)).json<{ email: string; email_confirmed_at: string | null }>();
    expect(user.email).toBe(email);
    expect(user.email_confirmed_at).not.toBeNull();
  });

  it('sends nothing to an unknown address when create_user is false', async () => {
    const email = freshEmail();
    await postJson('/api/auth/otp', { email, create_user: false });
    expect(await outboxFor(email)).toEqual([]);
  });

  it('ignores a redirect_to on another site', async () => {
    const user = await createSignedInUser();
    await postJson('/api/auth/otp', { email: user.email, redirect_to: 'https://evil.example/steal' });
    const { location } = await followLink(linkIn(await latestEmail(user.email)));
    expect(`${location.origin}${location.pathname}`).toBe('http://localhost:3000/auth/success');
  });

  it('drops a password nobody proved: an unconfirmed sign-up followed by the inbox owner’s magic link', async () => {
    const email = freshEmail();
    await signup(email, 'Intruder-Password-1');
    await postJson('/api/auth/otp', { email });
    await followLink(linkIn(await latestEmail(email)));
    expect((await signIn(email, 'Intruder-Password-1')).status).toBe(400);
  });

  it("rejects an email without @ with 'Please enter a valid email address'", async () => {
    const response = await postJson('/api/auth/otp', { email: 'nope' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'Please enter a valid email address', code: 'INVALID_EMAIL' });
  });
});

describe('password recovery', () => {
  it('emails a reset link that lands on /reset-password with a recovery session, which sets a new password', async () => {
    const user = await createSignedInUser({ password: GOOD_PASSWORD });
    const response = await postJson('/api/auth/recover', { email: user.email });
    expect(response.status).toBe(200);
    const mail = await latestEmail(user.email);
    expect([mail.template, mail.subject]).toEqual(['reset-password', 'Reset your Tally password']);
    const { status, location } = await followLink(linkIn(mail));
    expect(status).toBe(303);
    expect(`${location.origin}${location.pathname}`).toBe('http://localhost:3000/reset-password');
    const session = sessionFromFragment(location);
    expect(session.type).toBe('recovery');

    const update = await call('/api/auth/user', {
      method: 'PUT',
      headers: { Authorization: `Bearer ${session.access_token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ password: 'brand-new' }),
    });
    expect(update.status).toBe(200);
    expect((await signIn(user.email, 'brand-new')).status).toBe(200);
    expect((await signIn(user.email, GOOD_PASSWORD)).status).toBe(400);
  });

  it('an invalid or used recovery link returns to /reset-password with the error', async () => {
    const { location } = await followLink('http://localhost:3000/api/auth/verify?token=forged&type=recovery');
    expect(`${location.origin}${location.pathname}${location.hash}`).toBe(`http://localhost:3000/reset-password${INVALID_LINK_HASH}`);
  });

  it('a link of one type cannot be used as another', async () => {
    const user = await createSignedInUser();
    await postJson('/api/auth/recover', { email: user.email });
    const link = new URL(linkIn(await latestEmail(user.email)));
    link.searchParams.set('type', 'magiclink');
    const { location } = await followLink(link.toString());
    expect(location.hash).toBe(INVALID_LINK_HASH);
  });
});
