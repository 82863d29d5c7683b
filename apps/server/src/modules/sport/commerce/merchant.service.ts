import { MERCHANT_FIELDS, PROVIDER_METHODS, type MerchantSave, type ProviderMethod } from '@venue/contract';
import type { Db, Executor } from '../../../platform/db.ts';
import { AppError, invalid, staleVersion } from '../../../platform/errors.ts';
import { NotAllowedError } from '../../../platform/outbound.ts';
import type { Caller } from '../../../platform/http.ts';
import { openSecret, sealSecret } from '../../../platform/keys.ts';
import { scopeOf, SYSTEM_SCOPE } from '../../../platform/scope.ts';
import { insertMerchant, merchantFor, merchantsByKey, merchantsOf, updateMerchant, type MerchantRecord } from './commerce.repository.ts';
import type { MerchantConfig } from './providers/provider.ts';
import { providerOf } from './providers/index.ts';
import { checkGateway } from './providers/http.ts';
import './commerce.messages.ts';

/**
 * Merchant settings per organisation and provider (spec payInfoManage). Secrets (private keys,
 * API keys) are sealed with the server's secret key and never answered: the console sees only
 * whether each one is set. A venue without settings of its own uses its nearest ancestor's.
 */

function secretsOf(key: Buffer, row: Pick<MerchantRecord, 'secretsEnc'>): Record<string, string> {
  return row.secretsEnc ? (JSON.parse(openSecret(key, row.secretsEnc)) as Record<string, string>) : {};
}

function view(provider: ProviderMethod, orgId: number, row: MerchantRecord | undefined, key: Buffer) {
  const secrets = row ? secretsOf(key, row) : {};
  return {
    provider,
    orgId,
    enabled: row?.enabled ?? false,
    gateway: row?.gateway ?? '',
    settings: row?.settings ?? {},
    secretsSet: Object.fromEntries(MERCHANT_FIELDS[provider].secrets.map((f) => [f, !!secrets[f]])),
    version: row?.version ?? 0,
    updateTime: row?.updatedAt ?? null,
  };
}

/** The three providers' settings of the caller's organisation (configured or not). */
export async function listMerchants(db: Db, caller: Caller, key: Buffer) {
  const rows = await merchantsOf(db, scopeOf(caller), caller.orgId);
  return PROVIDER_METHODS.map((p) =>
    view(
      p,
      caller.orgId,
      rows.find((r) => r.provider === p),
      key,
    ),
  );
}

function unknownFields(given: Record<string, string>, allowed: readonly string[], path: string) {
  return Object.keys(given)
    .filter((k) => !allowed.includes(k))
    .map((k) => ({ field: `${path}.${k}`, message: 'error.field.unknown' }));
}

/** Saves a provider's settings; secrets left out (or empty) keep their stored value. */
export async function saveMerchant(db: Db, caller: Caller, provider: ProviderMethod, input: MerchantSave, key: Buffer) {
  const scope = scopeOf(caller);
  const fields = MERCHANT_FIELDS[provider];
  const issues = [...unknownFields(input.settings, fields.settings, 'settings'), ...unknownFields(input.secrets ?? {}, fields.secrets, 'secrets')];
  if (issues.length) throw new AppError('INVALID', 'error.invalid', undefined, issues);
  // The gateway is called on the tenant's behalf: the same address check as every outbound URL (again at every call).
  try {
    await checkGateway(input.gateway.replace(/\/+$/, ''));
  } catch (e) {
    if (e instanceof NotAllowedError) throw invalid('gateway', 'commerce.gatewayNotAllowed');
    throw e;
  }
  const existing = (await merchantsOf(db, scope, caller.orgId)).find((r) => r.provider === provider);
  if ((existing?.version ?? 0) !== input.version) throw staleVersion();
  const secrets = { ...(existing ? secretsOf(key, existing) : {}) };
  for (const [k, v] of Object.entries(input.secrets ?? {})) if (v.trim()) secrets[k] = v.trim();
  const settings = Object.fromEntries(Object.entries(input.settings).map(([k, v]) => [k, v.trim()]));
  const values = {
    enabled: input.enabled,
    gateway: input.gateway.replace(/\/+$/, ''),
    settings,
    merchantKey: settings[providerOf(provider).merchantKeyField] || null,
    secretsEnc: Object.keys(secrets).length ? sealSecret(key, JSON.stringify(secrets)) : null,
    updatedBy: caller.userId,
  };
  const row = existing
    ? await updateMerchant(db, scope, existing.id, input.version, values)
    : await insertMerchant(db, scope, { orgId: caller.orgId, provider, ...values });
  if (!row) throw staleVersion();
  return view(provider, caller.orgId, row, key);
}

/** Settings used to call a provider for a sale of `orgId`; 969600 naming the method when there are none. */
export async function merchantConfigFor(db: Executor, key: Buffer, orgId: number, provider: ProviderMethod): Promise<MerchantConfig> {
  const row = await merchantFor(db, SYSTEM_SCOPE, orgId, provider);
  if (!row)
    throw new AppError('FORM_INVALID', 'commerce.merchantMissing', { provider }, [
      { field: 'method', message: 'commerce.merchantMissing', params: { provider } },
    ]);
  return configOf(row, key);
}

export function configOf(row: MerchantRecord, key: Buffer): MerchantConfig {
  return { provider: row.provider as ProviderMethod, gateway: row.gateway, settings: row.settings, secrets: secretsOf(key, row) };
}

/** Every enabled merchant a notification may belong to (by the key it names its merchant by). */
export async function merchantsNamed(db: Executor, provider: ProviderMethod, merchantKey: string): Promise<MerchantRecord[]> {
  return (await merchantsByKey(db, SYSTEM_SCOPE, provider, merchantKey)).filter((m) => m.enabled);
}

/** Methods a customer can pay an organisation's order with on the scan page. */
export async function enabledMethods(db: Executor, orgId: number): Promise<ProviderMethod[]> {
  const out: ProviderMethod[] = [];
  for (const p of PROVIDER_METHODS) if (await merchantFor(db, SYSTEM_SCOPE, orgId, p)) out.push(p);
  return out;
}

/** Seeds or replaces an organisation's settings without a caller (the demo's simulators). */
export async function putMerchantAsSystem(db: Db, orgId: number, provider: ProviderMethod, cfg: MerchantConfig, key: Buffer): Promise<void> {
  const existing = (await merchantsOf(db, SYSTEM_SCOPE, orgId)).find((r) => r.provider === provider);
  const values = {
    enabled: true,
    gateway: cfg.gateway,
    settings: cfg.settings,
    merchantKey: cfg.settings[providerOf(provider).merchantKeyField] || null,
    secretsEnc: sealSecret(key, JSON.stringify(cfg.secrets)),
  };
  if (existing) await updateMerchant(db, SYSTEM_SCOPE, existing.id, existing.version, values);
  else await insertMerchant(db, SYSTEM_SCOPE, { orgId, provider, ...values });
}

/** The provider's bill of `day` for the organisation's merchant, as its adapter reads it (reconciliation). */
export async function downloadProviderBill(db: Executor, key: Buffer, orgId: number, provider: ProviderMethod, day: string): Promise<string> {
  const cfg = await merchantConfigFor(db, key, orgId, provider);
  return providerOf(provider).downloadBill(cfg, day);
}
