import crypto from 'node:crypto';
import argon2 from 'argon2';
import { checkPassword, type PasswordStrategy } from '@venue/contract';

/** argon2id's cost: the library's defaults (64 MiB, 3 passes, 4 lanes), except in the test suites. */
let cost: { memoryCost?: number; timeCost?: number; parallelism?: number } = {};

/**
 * Test suites only (their setup files call it; the server and the benches never do): a cheap
 * hash, so the suites' thousands of sign-ins do not each spend 0.1–0.2 s of CPU. A hash carries
 * its own parameters, so checking a password costs what its stored hash cost.
 */
export function cheapPasswordHashesForTests(): void {
  cost = { memoryCost: 4096, timeCost: 2, parallelism: 1 };
}

/** Hashes begun before they were asked for (`hashEarly`), each taken once. */
const early = new Map<string, Promise<string>>();

/**
 * First start: begins a hash the seeds will ask for (the first administrator's, the demo users'), on
 * the thread pool while the database opens, instead of in their transaction, where the embedded
 * database waits for it (0.1–0.5 s each).
 */
export function hashEarly(pw: string): void {
  if (early.has(pw)) return;
  const hash = argon2.hash(pw, { type: argon2.argon2id, ...cost });
  // A failure shows where it is taken.
  hash.catch(() => undefined);
  early.set(pw, hash);
}

/** Passwords are stored as argon2id hashes (ARCHITECTURE section 5). */
export function hashPassword(pw: string): Promise<string> {
  const begun = early.get(pw);
  if (begun) {
    early.delete(pw);
    return begun;
  }
  return argon2.hash(pw, { type: argon2.argon2id, ...cost });
}

// No look-alike characters (0/O, 1/l/I): the password is read off a screen and typed.
const CLASSES = {
  upper: 'ABCDEFGHJKLMNPQRSTUVWXYZ',
  lower: 'abcdefghijkmnopqrstuvwxyz',
  digit: '23456789',
  special: '@#%&*+=?!',
};

/**
 * A one-time password that satisfies the policy: 12 characters (within the policy's bounds),
 * at least one of each character class, drawn with crypto.randomInt. Tried again until the
 * policy's other rules (no runs, no adjacent or repeated characters, no login name) hold.
 */
export function oneTimePassword(strategy: PasswordStrategy, loginName?: string): string {
  const length = Math.min(Math.max(12, strategy.minLength), strategy.maxLength);
  const classes = Object.values(CLASSES);
  const all = classes.join('');
  for (let attempt = 0; attempt < 1000; attempt++) {
    const chars = classes.map((c) => c[crypto.randomInt(c.length)]!);
    while (chars.length < length) chars.push(all[crypto.randomInt(all.length)]!);
    for (let i = chars.length - 1; i > 0; i--) {
      const j = crypto.randomInt(i + 1);
      [chars[i], chars[j]] = [chars[j]!, chars[i]!];
    }
    const pw = chars.join('');
    if (checkPassword(pw, strategy, loginName).length === 0) return pw;
  }
  throw new Error('no password satisfies the policy');
}
