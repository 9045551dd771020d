/**
 * The mailer: the `send_email` binding (locally, Miniflare writes each message to a file),
 * composed with the binding's message builder (subject, text and HTML parts). Outside
 * production every message is also copied to the `outbox` table, so a developer at
 * `/dev/mail` and the tests can follow the links.
 */
import { desc, eq } from 'drizzle-orm';
import { database } from '../db/client';
import { outbox } from '../db/schema';
import { isDeliverableAddress } from '../lib/email-address';
import { analysisReadyEmail, type RenderedEmail } from './templates';

export interface OutgoingEmail extends RenderedEmail {
  to: string;
}

export type OutboxRow = typeof outbox.$inferSelect;

/** `Tally <analysis@tally.example.com>` → `{ name, email }` for the builder. */
export function parseMailbox(value: string): EmailAddress {
  const match = /^\s*(.*?)\s*<([^<>\s]+@[^<>\s]+)>\s*$/.exec(value);
  if (match) return { name: match[1].replace(/^"|"$/g, '') || 'Tally', email: match[2] };
  return { name: 'Tally', email: value.trim() };
}

/** Thrown when asked to mail an address with no local part or no domain; nothing is recorded or sent. */
export class UndeliverableAddressError extends Error {
  constructor(readonly address: string) {
    super(`Refusing to send email to "${address}": an address needs a local part and a domain`);
    this.name = 'UndeliverableAddressError';
  }
}

/** The mailer's own check, behind every route's, so no caller can send to `@`. */
function assertSendable(message: OutgoingEmail): void {
  if (!isDeliverableAddress(message.to)) throw new UndeliverableAddressError(message.to);
}

/** Copies a message to the outbox table (never in production). */
export async function recordInOutbox(env: Env, message: OutgoingEmail): Promise<void> {
  if (env.ENVIRONMENT === 'production') return;
  await database(env.DB).insert(outbox).values({
    id: crypto.randomUUID(),
    toAddress: message.to,
    fromAddress: env.MAIL_FROM,
    subject: message.subject,
    template: message.template,
    textBody: message.text,
    htmlBody: message.html,
  });
}

/**
 * Hands a message to the `send_email` binding. A delivery failure is logged and reported
 * as `false` rather than thrown: a lost email must not fail the request or the job that
 * sent it. (An undeliverable address is a caller's bug and throws in the senders below.)
 */
export async function deliver(env: Env, message: OutgoingEmail): Promise<boolean> {
  try {
    await env.EMAIL.send({
      from: parseMailbox(env.MAIL_FROM),
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
    });
    return true;
  } catch (error) {
    console.error('email delivery failed', { template: message.template, error: String(error) });
    return false;
  }
}

/** Records and delivers now (for callers without a request, e.g. the Durable Object). */
export async function sendEmail(env: Env, message: OutgoingEmail): Promise<boolean> {
  assertSendable(message);
  await recordInOutbox(env, message);
  return deliver(env, message);
}

/**
 * Records now and delivers after the response. Auth endpoints use this so an answer
 * takes the same time whether or not an email went out (no account enumeration by timing).
 */
export async function sendEmailAfterResponse(
  env: Env,
  ctx: { waitUntil(promise: Promise<unknown>): void },
  message: OutgoingEmail,
): Promise<void> {
  assertSendable(message);
  await recordInOutbox(env, message);
  ctx.waitUntil(deliver(env, message));
}

export interface AnalysisReadyInput {
  to: string;
  analysisId: string;
  fileName: string;
  dashboardUrl: string;
  analysisUrl: string;
}

/** Emails the analysis's owner its dashboard link; called by the job when it completes. */
export async function sendAnalysisReadyEmail(env: Env, input: AnalysisReadyInput): Promise<boolean> {
  const rendered = analysisReadyEmail({ fileName: input.fileName, dashboardUrl: input.dashboardUrl, analysisUrl: input.analysisUrl });
  return sendEmail(env, { ...rendered, to: input.to });
}

/** Outbox messages, newest first (optionally for one address). */
export async function listOutbox(env: Env, to?: string, limit = 100): Promise<OutboxRow[]> {
  const db = database(env.DB);
  const query = db.select().from(outbox);
  const filtered = to ? query.where(eq(outbox.toAddress, to.trim().toLowerCase())) : query;
  return filtered.orderBy(desc(outbox.createdAt)).limit(limit).all();
}

/** One outbox message by id, if any. */
export async function findOutboxMessage(env: Env, id: string): Promise<OutboxRow | undefined> {
  return database(env.DB).select().from(outbox).where(eq(outbox.id, id)).get();
}

/** The http(s) links in a message's text part, in order. */
export function linksIn(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"']+/g)].map((m) => m[0]);
}
