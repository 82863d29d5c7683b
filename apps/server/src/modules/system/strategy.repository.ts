import { eq } from 'drizzle-orm';
import { DEFAULT_PASSWORD_STRATEGY, passwordStrategy, type PasswordStrategy } from '@venue/contract';
import type { Executor } from '../../platform/db.ts';
import { configs } from './system.table.ts';

export const PASSWORD_STRATEGY_KEY = 'password_strategy';

/** The password and login policy, stored as a sys_config entry (JSON). */
export async function getPasswordStrategy(db: Executor): Promise<PasswordStrategy> {
  const [row] = await db.select({ value: configs.value }).from(configs).where(eq(configs.code, PASSWORD_STRATEGY_KEY));
  if (!row) return DEFAULT_PASSWORD_STRATEGY;
  const parsed = passwordStrategy.safeParse({ ...DEFAULT_PASSWORD_STRATEGY, ...JSON.parse(row.value) });
  return parsed.success ? parsed.data : DEFAULT_PASSWORD_STRATEGY;
}
