/**
 * Issue 11 item 9: the UI's check is loose (the address contains `@`), but the server
 * refuses an address with no local part or no domain, at every route that takes one and
 * again at the mailer, so nothing is ever sent to `@`.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { UndeliverableAddressError, sendEmail, sendEmailAfterResponse } from '../../worker/email/mailer';
import { magicLinkEmail } from '../../worker/email/templates';
import { isDeliverableAddress } from '../../worker/lib/email-address';
import { GOOD_PASSWORD, freshIp, outboxFor, postJson } from './auth-helpers';
import { DUMMY_TOKEN, call, upload } from './helpers';

const UNDELIVERABLE = ['@', 'a@', '@b', '@@', ' @ '] as const;
const AUTH_INVALID = { error: 'Please enter a valid email address', code: 'INVALID_EMAIL' };
const UPLOAD_INVALID = { error: 'Please enter a valid email address.', code: 'INVALID_EMAIL' };

describe('isDeliverableAddress', () => {
  it.each([
    ['@', false],
    ['a@', false],
    ['@b', false],
    ['a@b', true],
    ['first.last@example.com', true],
    // Only the last @ splits local part and domain (a quoted local part may contain @).
    ['"a@b"@example.com', true],
    ['a@b@', false],
    ['no-at-sign', false],
  ])('%s → %s', (address, expected) => {
    expect(isDeliverableAddress(address)).toBe(expected);
  });
});

describe('routes that take an email refuse one with no local part or domain', () => {
  it.each(UNDELIVERABLE)('sign-up, magic link, recovery, resend and password sign-in refuse %j and send nothing', async (address) => {
    const ip = freshIp();
    const requests: [string, Record<string, unknown>][] = [
      ['/api/auth/signup', { email: address, password: GOOD_PASSWORD, captchaToken: DUMMY_TOKEN }],
      ['/api/auth/otp', { email: address }],
      ['/api/auth/recover', { email: address }],
      ['/api/auth/resend', { email: address, type: 'signup' }],
      ['/api/auth/token?grant_type=password', { email: address, password: GOOD_PASSWORD }],
    ];
    for (const [path, body] of requests) {
      const response = await postJson(path, body, { 'CF-Connecting-IP': ip });
      expect({ path, status: response.status }).toEqual({ path, status: 400 });
      expect(await response.json()).toEqual(AUTH_INVALID);
    }
    expect(await outboxFor(address.trim())).toEqual([]);
  });

  it.each(UNDELIVERABLE)('the visitor upload refuses %j', async (address) => {
    const response = await upload({ email: address });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(UPLOAD_INVALID);
  });

  it.each(UNDELIVERABLE)('the chunked upload start refuses %j', async (address) => {
    const response = await call('/api/uploads', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ fileName: 'big.csv', fileSize: 10, email: address, captchaToken: DUMMY_TOKEN }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(UPLOAD_INVALID);
  });
});

describe('the mailer refuses an address with no local part or domain', () => {
  it.each(['@', 'a@', '@b'])('sendEmail and sendEmailAfterResponse throw for %j and record nothing', async (address) => {
    const message = { ...magicLinkEmail('https://tally.example.com/x'), to: address };
    const expected = `Refusing to send email to "${address}": an address needs a local part and a domain`;
    await expect(sendEmail(env, message)).rejects.toThrow(new UndeliverableAddressError(address));
    await expect(sendEmail(env, message)).rejects.toThrow(expected);
    const waited: Promise<unknown>[] = [];
    await expect(sendEmailAfterResponse(env, { waitUntil: (p) => waited.push(p) }, message)).rejects.toThrow(expected);
    expect(waited).toEqual([]);
    expect(await outboxFor(address)).toEqual([]);
  });

  it('still sends to an ordinary address', async () => {
    const message = { ...magicLinkEmail('https://tally.example.com/x'), to: 'someone@example.com' };
    expect(await sendEmail(env, message)).toBe(true);
  });
});
