/**
 * TOTP factors (RFC 6238: SHA-1, 6 digits, 30-second steps — what authenticator apps
 * expect) via otpauth. Secrets are stored AES-GCM encrypted under a key derived from
 * JWT_SECRET with HKDF, so a database dump alone can't mint codes. Each accepted step is
 * remembered, so a code can't be used twice.
 */
import * as OTPAuth from 'otpauth';
import { base64url, fromBase64url } from '../lib/crypto';

export const TOTP_ISSUER = 'Tally';
export const TOTP_PERIOD_SECONDS = 30;
/** Accept the previous and next step too, for clock drift (RFC 6238 §5.2). */
export const TOTP_WINDOW = 1;
export const CHALLENGE_TTL_SECONDS = 300;

export const TOTP_ERRORS = {
  invalidCode: 'Invalid TOTP code entered',
  challengeExpired: 'MFA challenge has expired or is invalid; create a new challenge.',
  factorNotFound: 'Factor not found',
  aal2Required: 'AAL2 required to manage factors',
  aal2RequiredForUser: 'AAL2 required to change the password or email',
} as const;

/** A new random secret (160 bits, RFC 4226 §4) in base32. */
export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

function totpFor(secretBase32: string, label: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
  });
}

/** The `otpauth://totp/...` URI an authenticator app (or a QR code of it) takes. */
export function totpUri(secretBase32: string, label: string): string {
  return totpFor(secretBase32, label).toString();
}

/**
 * The 30-second step a code belongs to, or null when it matches none in the window.
 * Callers refuse steps at or before the last one used (replay).
 */
export function matchingStep(secretBase32: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(secretBase32, 'x').validate({ token: code, timestamp: now, window: TOTP_WINDOW });
  if (delta === null) return null;
  return Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

async function secretKey(env: Pick<Env, 'JWT_SECRET'>): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', new TextEncoder().encode(env.JWT_SECRET), 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: new TextEncoder().encode('tally/totp-secret/v1') },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/** `iv.ciphertext`, both base64url. */
export async function encryptSecret(env: Pick<Env, 'JWT_SECRET'>, secret: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await secretKey(env), new TextEncoder().encode(secret));
  return `${base64url(iv)}.${base64url(new Uint8Array(sealed))}`;
}

export async function decryptSecret(env: Pick<Env, 'JWT_SECRET'>, sealed: string): Promise<string> {
  const [iv, data] = sealed.split('.').map(fromBase64url);
  const opened = await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, await secretKey(env), data);
  return new TextDecoder().decode(opened);
}
