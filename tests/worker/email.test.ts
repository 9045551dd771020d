import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import app from '../../worker/index';
import { linksIn, parseMailbox, sendAnalysisReadyEmail } from '../../worker/email/mailer';
import {
  accountExistsEmail,
  analysisReadyEmail,
  confirmSignupEmail,
  escapeHtml,
  magicLinkEmail,
  resetPasswordEmail,
} from '../../worker/email/templates';
import { freshEmail, latestEmail, outboxFor } from './auth-helpers';
import { call } from './helpers';

const LINK = 'https://tally.example.com/api/auth/verify?token=abc&type=signup';

describe('email templates', () => {
  it.each([
    ['confirm sign-up', confirmSignupEmail(LINK), 'Confirm your Tally account', 'Confirm my email'],
    ['magic link', magicLinkEmail(LINK), 'Your Tally sign-in link', 'Sign in to Tally'],
    ['reset password', resetPasswordEmail(LINK), 'Reset your Tally password', 'Choose a new password'],
    ['account exists', accountExistsEmail(LINK), 'You already have a Tally account', 'Sign in to Tally'],
  ])('%s has a subject, a text part and a branded HTML part with the link', (_, email, subject, button) => {
    expect(email.subject).toBe(subject);
    expect(email.text).toContain(`${button}: ${LINK}`);
    expect(email.html).toContain(`>${button}</a>`);
    expect(email.html).toContain(`href="${LINK.replace(/&/g, '&amp;')}"`);
    expect(email.html).toContain('>Tally</td>');
    expect(email.html).not.toMatch(/<script/i);
  });

  it('the link expiry is stated in plain language', () => {
    expect(confirmSignupEmail(LINK).text).toContain('This link works once and expires in 1 hour.');
  });

  it('analysis ready: names the file, links the dashboard and the full analysis', () => {
    const email = analysisReadyEmail({
      fileName: 'sales-2024.csv',
      dashboardUrl: 'https://tally.example.com/dashboard/a1/t0k',
      analysisUrl: 'https://tally.example.com/analysis/a1/t0k',
    });
    expect(email.subject).toBe('Your Tally analysis of sales-2024.csv is ready');
    expect(email.text).toContain('We finished analysing "sales-2024.csv".');
    expect(email.text).toContain('Open my dashboard: https://tally.example.com/dashboard/a1/t0k');
    expect(email.text).toContain('https://tally.example.com/analysis/a1/t0k');
    expect(email.html).toContain('href="https://tally.example.com/dashboard/a1/t0k"');
    expect(email.html).toContain('<a href="https://tally.example.com/analysis/a1/t0k" style="color:#4f46e5">open the full analysis</a>');
  });

  it('escapes user-supplied values in HTML and keeps them out of headers', () => {
    const email = analysisReadyEmail({
      fileName: '<img src=x onerror=alert(1)>\r\nBcc: victim@example.com.csv',
      dashboardUrl: 'https://tally.example.com/dashboard/a/t',
      analysisUrl: 'https://tally.example.com/analysis/a/t',
    });
    expect(email.html).not.toContain('<img src=x');
    expect(email.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(email.subject).not.toMatch(/[\r\n]/);
    expect(escapeHtml(`"'<>&`)).toBe('&quot;&#39;&lt;&gt;&amp;');
  });
});

describe('mailer', () => {
  it('parses MAIL_FROM into the builder’s address', () => {
    expect(parseMailbox('Tally <analysis@tally.example.com>')).toEqual({ name: 'Tally', email: 'analysis@tally.example.com' });
    expect(parseMailbox('analysis@tally.example.com')).toEqual({ name: 'Tally', email: 'analysis@tally.example.com' });
  });

  it('sendAnalysisReadyEmail delivers through the send_email binding and keeps an outbox copy outside production', async () => {
    const to = freshEmail('owner');
    const delivered = await sendAnalysisReadyEmail(env, {
      to,
      analysisId: 'a1',
      fileName: 'customers.xlsx',
      dashboardUrl: 'http://localhost:3000/dashboard/a1/tok',
      analysisUrl: 'http://localhost:3000/analysis/a1/tok',
    });
    expect(delivered).toBe(true);
    const mail = await latestEmail(to);
    expect(mail).toMatchObject({ template: 'analysis-ready', subject: 'Your Tally analysis of customers.xlsx is ready' });
    expect(linksIn(mail.text_body)).toEqual(['http://localhost:3000/dashboard/a1/tok', 'http://localhost:3000/analysis/a1/tok']);
  });

  it('keeps no outbox copy in production', async () => {
    const to = freshEmail('prod');
    await sendAnalysisReadyEmail(
      { ...env, ENVIRONMENT: 'production' },
      { to, analysisId: 'a', fileName: 'f.csv', dashboardUrl: LINK, analysisUrl: LINK },
    );
    expect(await outboxFor(to)).toEqual([]);
  });
});

describe('/dev/mail', () => {
  const dev = { ...env, ENVIRONMENT: 'development' };

  it('lists outbox messages with their links in development (JSON for tools, HTML for people)', async () => {
    const to = freshEmail('devmail');
    await sendAnalysisReadyEmail(env, {
      to,
      analysisId: 'a',
      fileName: 'f.csv',
      dashboardUrl: 'http://localhost:3000/dashboard/a/t',
      analysisUrl: 'http://localhost:3000/analysis/a/t',
    });
    const json = await app.request(`/dev/mail?to=${encodeURIComponent(to)}`, { headers: { Accept: 'application/json' } }, dev);
    expect(json.status).toBe(200);
    const body = await json.json<{ messages: { id: string; to: string; subject: string; links: string[] }[] }>();
    expect(body.messages).toEqual([
      expect.objectContaining({
        to,
        subject: 'Your Tally analysis of f.csv is ready',
        links: ['http://localhost:3000/dashboard/a/t', 'http://localhost:3000/analysis/a/t'],
      }),
    ]);
    const html = await app.request('/dev/mail', {}, dev);
    expect(html.headers.get('Content-Type')).toContain('text/html');
    expect(await html.text()).toContain('http://localhost:3000/dashboard/a/t');
    const one = await app.request(`/dev/mail/${body.messages[0].id}`, {}, dev);
    expect(await one.text()).toContain('Your analysis is ready');
    expect(one.headers.get('Content-Security-Policy')).toMatch(/^default-src 'none'/);
  });

  it('is 404 outside development', async () => {
    for (const path of ['/dev/mail', '/dev/mail/anything']) {
      const response = await call(path);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
    }
  });
});
