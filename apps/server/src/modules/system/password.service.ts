import argon2 from 'argon2';
import { checkPassword } from '@venue/contract';
import type { Executor } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/password.ts';
import type { Scope } from '../../platform/scope.ts';
import { getPasswordStrategy } from './strategy.repository.ts';
import { insertPasswordHistory, recentPasswordHashes, setPasswordHash } from './user.repository.ts';

/*
 * Setting a password is one rule for every way it happens: an administrator's reset (module
 * system), the user's own change and a recovery (module auth, which calls this).
 */

/**
 * Sets the password of a user of the scope after checking the policy and the history limit;
 * keeps the history and clears the must-change flag.
 */
export async function setPassword(
  db: Executor,
  scope: Scope,
  userId: number,
  loginName: string,
  newPassword: string,
  opts: { mustChange?: boolean } = {},
): Promise<void> {
  const strategy = await getPasswordStrategy(db);
  const violations = checkPassword(newPassword, strategy, loginName);
  if (violations.length) {
    throw new AppError(
      'FORM_INVALID',
      violations[0]!,
      undefined,
      violations.map((v) => ({ field: 'newPassword', message: v })),
    );
  }
  if (strategy.historyLimit > 0) {
    const recent = await recentPasswordHashes(db, userId, strategy.historyLimit);
    for (const hash of recent) {
      if (await argon2.verify(hash, newPassword)) {
        throw new AppError('FORM_INVALID', 'password.history', { n: strategy.historyLimit }, [
          { field: 'newPassword', message: 'password.history', params: { n: strategy.historyLimit } },
        ]);
      }
    }
  }
  const hash = await hashPassword(newPassword);
  if (!(await setPasswordHash(db, scope, userId, hash, opts.mustChange ?? false)).length) throw new AppError('NOT_FOUND', 'error.notFound');
  await insertPasswordHistory(db, [{ userId, passwordHash: hash }]);
}
