/** Test helpers for TOTP: codes computed with otpauth as an authenticator app would, enrolment and verify. */
import * as OTPAuth from 'otpauth';
import { expect } from 'vitest';
import { createSignedInUser, GOOD_PASSWORD, postJson } from './auth-helpers';

export const PERIOD_MS = 30_000;

/** The TOTP code for a base32 secret at a time. */
export function codeAt(secret: string, timestamp: number): string {
  return OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp });
}

/** The Authorization header for an access token. */
export const auth = (accessToken: string) => ({ Authorization: `Bearer ${accessToken}` });

export interface Enrolled {
  factorId: string;
  secret: string;
  uri: string;
}

/** Enrols a TOTP factor through the API. */
export async function enroll(accessToken: string): Promise<Enrolled> {
  const response = await postJson('/api/auth/factors', { factor_type: 'totp', friendly_name: 'My phone' }, auth(accessToken));
  expect(response.status).toBe(200);
  const body = await response.json<{ id: string; type: string; friendly_name: string; totp: { secret: string; uri: string } }>();
  return { factorId: body.id, secret: body.totp.secret, uri: body.totp.uri };
}

/** Opens a challenge and answers it with `code`. */
export async function challengeAndVerify(accessToken: string, factorId: string, code: string): Promise<Response> {
  const challenge = await postJson(`/api/auth/factors/${factorId}/challenge`, {}, auth(accessToken));
  expect(challenge.status).toBe(200);
  const { id } = await challenge.json<{ id: string }>();
  return postJson(`/api/auth/factors/${factorId}/verify`, { challenge_id: id, code }, auth(accessToken));
}

/** A password user with a verified TOTP factor; the enrolment used the current step. */
export async function userWithTotp() {
  const user = await createSignedInUser({ password: GOOD_PASSWORD });
  const factor = await enroll(user.session.access_token);
  const verified = await challengeAndVerify(user.session.access_token, factor.factorId, codeAt(factor.secret, Date.now()));
  expect(verified.status).toBe(200);
  const aal2 = await verified.json<{ access_token: string; refresh_token: string }>();
  return { ...user, factor, aal2 };
}
