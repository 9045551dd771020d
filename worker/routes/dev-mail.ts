/**
 * The development mailbox: `GET /dev/mail` lists the outbox (newest first, with each
 * message's links) and `GET /dev/mail/:id` shows one message as it would render. Only when
 * ENVIRONMENT is `development`; everywhere else these paths are 404.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../auth/viewer';
import { findOutboxMessage, linksIn, listOutbox } from '../email/mailer';
import { escapeHtml } from '../email/templates';
import { HttpError } from '../lib/http';
import { STATIC_HTML_CSP } from '../lib/security-headers';

const notFound = () => new HttpError(404, 'Not found', 'NOT_FOUND');

export const devMailRoutes = new Hono<AppEnv>()
  .use('/dev/*', async (c, next) => {
    if (c.env.ENVIRONMENT !== 'development') throw notFound();
    await next();
  })
  .get('/dev/mail', async (c) => {
    const messages = await listOutbox(c.env, c.req.query('to'));
    const items = messages.map((m) => ({
      id: m.id,
      to: m.toAddress,
      subject: m.subject,
      template: m.template,
      created_at: m.createdAt,
      links: linksIn(m.textBody),
    }));
    if ((c.req.header('Accept') ?? '').includes('application/json')) return c.json({ messages: items });
    const rows = items
      .map(
        (m) => `<li style="margin:0 0 16px"><a href="/dev/mail/${escapeHtml(m.id)}"><strong>${escapeHtml(m.subject)}</strong></a>
<div>to ${escapeHtml(m.to)} · ${escapeHtml(m.created_at)}</div>
${m.links.map((link) => `<div><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></div>`).join('')}</li>`,
      )
      .join('');
    return c.html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev mail · Tally</title></head>
<body style="font-family:system-ui,sans-serif;max-width:900px;margin:32px auto;padding:0 16px">
<h1>Dev mail</h1><p>Every email the app sent in development, newest first.</p>
<ul style="list-style:none;padding:0">${rows || '<li>No messages yet.</li>'}</ul></body></html>`,
      200,
      { 'Content-Security-Policy': STATIC_HTML_CSP, 'Cache-Control': 'no-store' },
    );
  })
  .get('/dev/mail/:id', async (c) => {
    const message = await findOutboxMessage(c.env, c.req.param('id'));
    if (!message) throw notFound();
    return c.html(message.htmlBody, 200, { 'Content-Security-Policy': STATIC_HTML_CSP, 'Cache-Control': 'no-store' });
  });
