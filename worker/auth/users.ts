/**
 * Accounts: lookups by email (always lower-case), creation, and the GoTrue-shaped User the
 * API returns (SPEC §3: id, email, identities, factors; plus name and picture from Google).
 */
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { mfaFactors, users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;
export type FactorRow = typeof mfaFactors.$inferSelect;

/** Emails compare case-insensitively everywhere (analyses store them lower-case too). */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  return db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .get();
}

export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  return db.select().from(users).where(eq(users.id, id)).get();
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

export async function listFactors(db: Database, userId: string): Promise<FactorRow[]> {
  return db.select().from(mfaFactors).where(eq(mfaFactors.userId, userId)).orderBy(asc(mfaFactors.createdAt)).all();
}

export function factorDto(factor: FactorRow) {
  return {
    id: factor.id,
    friendly_name: factor.friendlyName,
    factor_type: factor.factorType,
    status: factor.status,
    created_at: factor.createdAt,
    updated_at: factor.updatedAt ?? factor.createdAt,
  };
}

export type UserDto = ReturnType<typeof userDto>;

/** The API's User. Secrets (hashes, TOTP secrets) never leave the Worker. */
export function userDto(user: UserRow, factors: FactorRow[]) {
  const providers = [...(user.passwordHash || !user.googleSub ? ['email'] : []), ...(user.googleSub ? ['google'] : [])];
  const identities = [
    ...(providers.includes('email') ? [{ id: user.id, provider: 'email', identity_data: { email: user.email, sub: user.id } }] : []),
    ...(user.googleSub
      ? [
          {
            id: user.googleSub,
            provider: 'google',
            identity_data: { email: user.email, sub: user.googleSub, name: user.name, picture: user.avatarUrl },
          },
        ]
      : []),
  ];
  return {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    email_confirmed_at: user.emailConfirmedAt,
    confirmed_at: user.emailConfirmedAt,
    name: user.name,
    picture: user.avatarUrl,
    created_at: user.createdAt,
    updated_at: user.updatedAt ?? user.createdAt,
    app_metadata: { provider: providers[0], providers },
    user_metadata: { name: user.name, picture: user.avatarUrl },
    identities,
    factors: factors.map(factorDto),
  };
}

/** Loads the user's factors and shapes the DTO. */
export async function loadUserDto(db: Database, user: UserRow): Promise<UserDto> {
  return userDto(user, await listFactors(db, user.id));
}
