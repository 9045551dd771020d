/**
 * The owner of the `users` table: every query on accounts. Emails are stored and compared
 * lower-case (analyses store them lower-case too).
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

/** Emails compare case-insensitively everywhere. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** The account with this address (any case), if any. */
export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  return db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .get();
}

/** The account with this id, if any. */
export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  return db.select().from(users).where(eq(users.id, id)).get();
}

/** The account linked to a Google subject, if any. */
export async function findUserByGoogleSub(db: Database, googleSub: string): Promise<UserRow | undefined> {
  return db.select().from(users).where(eq(users.googleSub, googleSub)).get();
}

/** Creates an account; `confirmed` stamps the email as proven (magic link, Google). */
export async function createUser(
  db: Database,
  input: {
    email: string;
    passwordHash?: string | null;
    confirmed?: boolean;
    name?: string | null;
    avatarUrl?: string | null;
    googleSub?: string | null;
  },
): Promise<UserRow> {
  const now = new Date().toISOString();
  const [row] = await db
    .insert(users)
    .values({
      id: crypto.randomUUID(),
      email: normalizeEmail(input.email),
      passwordHash: input.passwordHash ?? null,
      emailConfirmedAt: input.confirmed ? now : null,
      name: input.name ?? null,
      avatarUrl: input.avatarUrl ?? null,
      googleSub: input.googleSub ?? null,
      updatedAt: now,
    })
    .returning();
  return row;
}

/**
 * Marks the email proven by a link the inbox owner clicked. If it wasn't proven before, a
 * password set by whoever signed up is dropped: they never showed they own the inbox.
 */
export async function confirmEmail(db: Database, user: UserRow, passwordHash?: string): Promise<UserRow> {
  if (user.emailConfirmedAt && !passwordHash) return user;
  const now = new Date().toISOString();
  const [row] = await db
    .update(users)
    .set({
      emailConfirmedAt: user.emailConfirmedAt ?? now,
      passwordHash: passwordHash ?? (user.emailConfirmedAt ? user.passwordHash : null),
      updatedAt: now,
    })
    .where(eq(users.id, user.id))
    .returning();
  return row;
}

/** Replaces the account's password hash; returns the updated row. */
export async function setPasswordHash(db: Database, userId: string, passwordHash: string): Promise<UserRow> {
  const [row] = await db.update(users).set({ passwordHash, updatedAt: new Date().toISOString() }).where(eq(users.id, userId)).returning();
  return row;
}

/** Links a Google identity to an account, keeping a name and picture it already has. */
export async function linkGoogleIdentity(
  db: Database,
  user: UserRow,
  identity: { sub: string; name: string | null; picture: string | null },
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({
      googleSub: identity.sub,
      name: user.name ?? identity.name,
      avatarUrl: user.avatarUrl ?? identity.picture,
      updatedAt: new Date().toISOString(),
    })
    .where(eq(users.id, user.id))
    .returning();
  return row;
}
