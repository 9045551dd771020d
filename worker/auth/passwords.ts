/**
 * Password hashing: PBKDF2-SHA256 through WebCrypto, 100,000 iterations, 16-byte salt.
 * Each hash carries its own parameters (`pbkdf2-sha256$<iterations>$<salt>$<hash>`,
 * base64url), so the cost can change without invalidating stored hashes.
 *
 * 100,000 is also the most the Workers runtime accepts in production ("iteration counts
 * above 100000 are not supported"); local workerd does not enforce it, so we do, and a
 * test proves it: https://developers.cloudflare.com/workers/runtime-apis/web-crypto/
 */
import { base64url, fromBase64url, timingSafeEqual } from '../lib/crypto';

export const PBKDF2_ITERATIONS = 100_000;
/** The production cap of the Workers runtime. */
export const PBKDF2_MAX_ITERATIONS = 100_000;
export const PBKDF2_SALT_BYTES = 16;
const HASH_BITS = 256;
const SCHEME = 'pbkdf2-sha256';

/**
 * A valid hash of a random password, verified against when the account doesn't exist so
 * a sign-in takes the same time for known and unknown emails.
 */
export const DECOY_PASSWORD_HASH = `${SCHEME}$${PBKDF2_ITERATIONS}$c2FsdHNhbHRzYWx0c2FsdA$0y6vYwK1h4bq0Yj7jRk0Ykq6t2cS6oQe8O4j3x0y2Uo`;

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > PBKDF2_MAX_ITERATIONS) {
    throw new RangeError(`PBKDF2 iterations must be between 1 and ${PBKDF2_MAX_ITERATIONS} on Workers`);
  }
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, HASH_BITS);
  return new Uint8Array(bits);
}

/** Hashes a password with a fresh salt; throws above the runtime's iteration cap. */
export async function hashPassword(password: string, iterations = PBKDF2_ITERATIONS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(PBKDF2_SALT_BYTES));
  const hash = await derive(password, salt, iterations);
  return `${SCHEME}$${iterations}$${base64url(salt)}$${base64url(hash)}`;
}

/** True when `password` matches `stored`; malformed hashes never match. Constant-time compare. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, iterationsText, saltText, hashText] = stored.split('$');
  if (scheme !== SCHEME || !iterationsText || !saltText || !hashText) return false;
  let salt: Uint8Array;
  try {
    salt = fromBase64url(saltText);
  } catch {
    return false;
  }
  const actual = await derive(password, salt, Number(iterationsText));
  return timingSafeEqual(base64url(actual), hashText);
}
