import { checkPassword, passwordStrategy, type PasswordStrategy } from '@venue/contract';
import type { Db } from '../../platform/db.ts';
import { Notice, parseOrThrow } from '../../platform/http.ts';
import { staleVersion } from '../../platform/errors.ts';
import { getPasswordStrategy, PASSWORD_STRATEGY_KEY } from './strategy.repository.ts';
import { getConfigRow, jsonSecret, jsonValidator, registerConfigSecret, registerConfigValidator, writeConfigValue } from './config.service.ts';
import './strategy.messages.ts';

/**
 * The login and password strategy screens. Both parts live in one sys_config entry
 * (`password_strategy`, JSON); each screen saves its own part and the merged whole is
 * checked by the contract's `passwordStrategy` schema (spec section 5), so cross-part
 * rules (failed-login count not below the captcha count) always hold.
 *
 * The default password never leaves the server: no answer carries it (this screen, user info,
 * the parameter screen). The screen writes it only when the administrator types a new one; an
 * administrator uses it by choosing it in a password reset.
 */

// The bodies of the two screens are the contract's (loginStrategyBody, passwordStrategyBody).

registerConfigValidator(
  PASSWORD_STRATEGY_KEY,
  jsonValidator((json) => parseOrThrow(passwordStrategy, json)),
);
registerConfigSecret(PASSWORD_STRATEGY_KEY, jsonSecret(['defaultPassword']));

export type StrategyView = Omit<PasswordStrategy, 'defaultPassword'> & { version: number; sealed: boolean };

export async function strategyView(db: Db): Promise<StrategyView> {
  const row = await getConfigRow(db, PASSWORD_STRATEGY_KEY);
  const { defaultPassword: _secret, ...strategy } = await getPasswordStrategy(db);
  return { ...strategy, version: row?.version ?? 0, sealed: row?.sealed ?? false };
}

export function loginView(v: StrategyView) {
  return {
    loginRoutes: v.loginRoutes,
    maxFailedLogins: v.maxFailedLogins,
    captchaAfterFailures: v.captchaAfterFailures,
    lockMinutes: v.lockMinutes,
    version: v.version,
    sealed: v.sealed,
  };
}

/** Saves a part over the current strategy; the whole must satisfy every rule of spec section 5. */
export async function saveStrategy(db: Db, patch: Partial<PasswordStrategy>, expectedVersion: number): Promise<StrategyView | Notice<StrategyView>> {
  const current = await getPasswordStrategy(db);
  const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  const next = parseOrThrow(passwordStrategy, { ...current, ...defined });
  if (JSON.stringify(next) === JSON.stringify(current)) {
    const row = await getConfigRow(db, PASSWORD_STRATEGY_KEY);
    if (row && row.version !== expectedVersion) throw staleVersion();
    return new Notice(await strategyView(db), 'config.noChanges');
  }
  await writeConfigValue(db, PASSWORD_STRATEGY_KEY, JSON.stringify(next), expectedVersion);
  const answer = await strategyView(db);
  if (checkPassword(next.defaultPassword, next).length) return new Notice(answer, 'strategy.defaultPasswordWeak');
  return answer;
}
