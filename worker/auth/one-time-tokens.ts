/**
 * Emailed one-time links: 32 random bytes, stored only as SHA-256, valid one hour and
 * consumed atomically (one UPDATE … RETURNING), so a link works exactly once.
 */
import type { Database } from '../db/client';
import { randomToken, sha256Hex } from '../lib/crypto';
import {
  insertOneTimeToken,
  newestUnusedPayload,
  spendOneTimeToken,
  type OneTimeTokenRow,
  type OneTimeTokenType,
} from './store/one-time-tokens';

export type { OneTimeTokenType } from './store/one-time-tokens';

export const ONE_TIME_TOKEN_TTL_SECONDS = 3600;

/** What a link carries besides who it is for. */
export interface OneTimePayload {
  /**
   * The password chosen at this sign-up. Set on confirmation, so the person who owns the
   * inbox ends up with the password *they* chose even if someone else signed up first.
   */
  passwordHash?: string;
  /** A path on our site to land on after verification. */
  redirectTo?: string;
}

/** Stores a new link token and returns the raw value (the only time it exists). */
export async function issueOneTimeToken(
  db: Database,
  input: { type: OneTimeTokenType; email: string; userId: string | null; payload?: OneTimePayload },
  now = new Date(),
): Promise<string> {
  const token = randomToken(32);
  await insertOneTimeToken(db, {
    tokenHash: await sha256Hex(token),
    type: input.type,
    email: input.email,
    userId: input.userId,
    payload: JSON.stringify(input.payload ?? {}),
    expiresAt: new Date(now.getTime() + ONE_TIME_TOKEN_TTL_SECONDS * 1000).toISOString(),
  });
  return token;
}

/** Marks the token used and returns it, or null when unknown, of another type, used or expired. */
export async function consumeOneTimeToken(
  db: Database,
  token: string,
  type: OneTimeTokenType,
  now = new Date(),
): Promise<(OneTimeTokenRow & { data: OneTimePayload }) | null> {
  const row = await spendOneTimeToken(db, await sha256Hex(token), type, now.toISOString());
  if (!row) return null;
  return { ...row, data: JSON.parse(row.payload) as OneTimePayload };
}

/** The payload of the newest live link of a type for an address (resend keeps its password). */
export async function latestPayload(db: Database, email: string, type: OneTimeTokenType): Promise<OneTimePayload> {
  const newest = await newestUnusedPayload(db, email, type);
  return newest ? (JSON.parse(newest) as OneTimePayload) : {};
}
