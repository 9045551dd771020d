import { describe, expect, it } from 'vitest';
import { DECOY_PASSWORD_HASH, PBKDF2_ITERATIONS, PBKDF2_MAX_ITERATIONS, hashPassword, verifyPassword } from '../../worker/auth/passwords';

describe('password hashing (PBKDF2-SHA256)', () => {
  it('stores scheme, 100,000 iterations, a 16-byte salt and a 32-byte hash with every password', async () => {
    const stored = await hashPassword('Sunflower42');
    const [scheme, iterations, salt, hash] = stored.split('$');
    expect(scheme).toBe('pbkdf2-sha256');
    expect(Number(iterations)).toBe(100_000);
    expect(PBKDF2_ITERATIONS).toBe(100_000);
    expect(salt).toMatch(/^[\w-]{22}$/); // 16 bytes, base64url
    expect(hash).toMatch(/^[\w-]{43}$/); // 32 bytes, base64url
  });

  it('salts: the same password hashes differently each time', async () => {
    expect(await hashPassword('Sunflower42')).not.toBe(await hashPassword('Sunflower42'));
  });

  it('verifies the right password and rejects a wrong one', async () => {
    const stored = await hashPassword('Sunflower42');
    expect(await verifyPassword('Sunflower42', stored)).toBe(true);
    expect(await verifyPassword('sunflower42', stored)).toBe(false);
  });

  it('verifies with the parameters stored in the hash, so older costs keep working', async () => {
    const cheaper = await hashPassword('Sunflower42', 50_000);
    expect(cheaper.split('$')[1]).toBe('50000');
    expect(await verifyPassword('Sunflower42', cheaper)).toBe(true);
  });

  it('refuses more than 100,000 iterations, the Workers production cap that local workerd does not enforce', async () => {
    expect(PBKDF2_MAX_ITERATIONS).toBe(100_000);
    await expect(hashPassword('Sunflower42', 100_001)).rejects.toThrow('PBKDF2 iterations must be between 1 and 100000 on Workers');
    const tooCostly = (await hashPassword('Sunflower42')).replace('$100000$', '$600000$');
    await expect(verifyPassword('Sunflower42', tooCostly)).rejects.toThrow(RangeError);
  });

  it('never matches malformed hashes', async () => {
    for (const stored of ['', 'plain-text', 'bcrypt$10$abc$def', 'pbkdf2-sha256$100000$%%%$abc']) {
      expect(await verifyPassword('Sunflower42', stored)).toBe(false);
    }
  });

  it('has a well-formed decoy hash (used for unknown emails) that matches nothing likely', async () => {
    expect(await verifyPassword('Sunflower42', DECOY_PASSWORD_HASH)).toBe(false);
    expect(await verifyPassword('', DECOY_PASSWORD_HASH)).toBe(false);
  });
});
