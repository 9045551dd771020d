/** Test helpers for accounts: users and real sessions, and reading the dev outbox. */
import { env } from 'cloudflare:workers';
import { hashPassword } from '../../worker/auth/passwords';
import { startSession, type SessionDto } from '../../worker/auth/sessions';
import { createUser } from '../../worker/auth/store/users';
import { database } from '../../worker/db/client';
import { sha256Hex } from '../../worker/lib/crypto';
import { call } from './helpers';

/** A password that satisfies the sign-up rules. */
export const GOOD_PASSWORD = 'Sunflower42';

let counter = 0;
/** A fresh address per call, so per-email rate limits and quotas never couple tests. */
export function freshEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${counter}-${crypto.randomUUID().slice(0, 8)}@example.com`;
}

/** A fresh IP per call (CF-Connecting-IP), for the same reason. */
export function freshIp(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(3));
  return `10.${bytes[0]}.${bytes[1]}.${bytes[2]}`;
}

export interface TestUser {
  id: string;
  email: string;
  session: SessionDto;
  /** `Bearer <access token>` for the Authorization header. */
  bearer: string;
}

/**
 * A user with a live session, created directly (the sign-up flow itself is tested in
 * auth-email-flows.test.ts). Confirmed unless told otherwise.
 */
export async function createSignedInUser(options: { email?: string; confirmed?: boolean; password?: string } = {}): Promise<TestUser> {
  const db = database(env.DB);
  const user = await createUser(db, {
    email: options.email ?? freshEmail(),
    confirmed: options.confirmed ?? true,
    passwordHash: options.password ? await hashPassword(options.password) : null,
  });
  const session = await startSession(env, db, user, 'password');
  return { id: user.id, email: user.email, session, bearer: `Bearer ${session.access_token}` };
}

export interface OutboxMessage {
  id: string;
  to_address: string;
  subject: string;
  template: string;
  text_body: string;
  html_body: string;
}

/** Every outbox message sent to an address, oldest first. */
export async function outboxFor(email: string): Promise<OutboxMessage[]> {
  const { results } = await env.DB.prepare('select * from outbox where to_address = ? order by created_at, rowid')
    .bind(email.toLowerCase())
    .all<OutboxMessage>();
  return results;
}

/** The newest message to an address (fails loudly when there is none). */
export async function latestEmail(email: string): Promise<OutboxMessage> {
  const all = await outboxFor(email);
  const last = all.at(-1);
  if (!last) throw new Error(`no email sent to ${email}`);
  return last;
}

/** The first link in a message's text part that contains `fragment`. */
export function linkIn(message: OutboxMessage, fragment = '/api/auth/verify'): string {
  const link = [...message.text_body.matchAll(/https?:\/\/[^\s<>"']+/g)].map((m) => m[0]).find((l) => l.includes(fragment));
  if (!link) throw new Error(`no link containing ${fragment} in "${message.subject}"`);
  return link;
}

/** Follows an emailed verify link through the Worker; returns the redirect target. */
export async function followLink(link: string): Promise<{ status: number; location: URL }> {
  const url = new URL(link);
  const response = await call(`${url.pathname}${url.search}`, { redirect: 'manual' });
  return { status: response.status, location: new URL(response.headers.get('Location') ?? 'about:blank') };
}

/** The session a verify redirect carries in its URL fragment. */
export function sessionFromFragment(location: URL): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(location.hash.slice(1)));
}

/** POSTs JSON to the API. */
export function postJson(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return call(path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

/** Moves a spent refresh token's first exchange `seconds` into the past (the reuse grace window is by wall clock). */
export async function spentSecondsAgo(refreshToken: string, seconds: number): Promise<void> {
  const usedAt = new Date(Date.now() - seconds * 1000).toISOString();
  await env.DB.prepare('update refresh_tokens set used_at = ? where token_hash = ?')
    .bind(usedAt, await sha256Hex(refreshToken))
    .run();
}
