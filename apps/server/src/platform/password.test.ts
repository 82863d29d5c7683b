import argon2 from 'argon2';
import { expect, it, vi } from 'vitest';
import { hashEarly, hashPassword } from './password.ts';

it('a hash begun early is what the next hashPassword of that password answers, once; the next is made then', async () => {
  const hashes = vi.spyOn(argon2, 'hash');
  hashEarly('Early@2026');
  expect(hashes).toHaveBeenCalledTimes(1);
  const first = await hashPassword('Early@2026');
  // Taken, not made again while the seed waits.
  expect(hashes).toHaveBeenCalledTimes(1);
  const second = await hashPassword('Early@2026');
  expect(hashes).toHaveBeenCalledTimes(2);
  expect(await argon2.verify(first, 'Early@2026')).toBe(true);
  expect(await argon2.verify(second, 'Early@2026')).toBe(true);
  expect(second).not.toBe(first);
  hashes.mockRestore();
});
