import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.ts';

describe('staff password hashing', () => {
  it('stores scrypt with N=2^15, r=8, p=1, a 16-byte random salt and a 32-byte key', async () => {
    const a = await hashPassword('correct horse battery staple');
    const b = await hashPassword('correct horse battery staple');
    const parts = a.split('$');
    expect(parts.slice(0, 4)).toEqual(['scrypt', '32768', '8', '1']);
    expect(Buffer.from(parts[4], 'base64url')).toHaveLength(16);
    expect(Buffer.from(parts[5], 'base64url')).toHaveLength(32);
    // A fresh salt each time: the same password never gives the same hash.
    expect(b.split('$')[4]).not.toBe(parts[4]);
    expect(b).not.toBe(a);
  });

  it('accepts the right password and refuses others', async () => {
    const stored = await hashPassword('correct horse battery staple');
    expect(await verifyPassword('correct horse battery staple', stored)).toBe(true);
    expect(await verifyPassword('correct horse battery stapl', stored)).toBe(false);
    expect(await verifyPassword('Correct horse battery staple', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('answers false (never throws) for malformed or foreign hashes', async () => {
    const stored = await hashPassword('pw');
    const [, n, r, p, salt, key] = stored.split('$');
    const cases = [
      '',
      'not-a-hash',
      ['bcrypt', n, r, p, salt, key].join('$'),
      ['scrypt', n, r, p, salt].join('$'),
      ['scrypt', 'abc', r, p, salt, key].join('$'),
      ['scrypt', '0', r, p, salt, key].join('$'),
      // A truncated key: a different length must not reach timingSafeEqual.
      ['scrypt', n, r, p, salt, key.slice(0, 20)].join('$'),
    ];
    for (const bad of cases) expect(await verifyPassword('pw', bad), bad).toBe(false);
  });
});
