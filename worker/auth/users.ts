/**
 * The GoTrue-shaped User the API returns (SPEC §3: id, email, identities, factors; plus
 * name and picture from Google). The rows come from store/users.ts and store/factors.ts.
 */
import type { Database } from '../db/client';
import { listFactors, type FactorRow } from './store/factors';
import type { UserRow } from './store/users';

/** The API's Factor. */
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
