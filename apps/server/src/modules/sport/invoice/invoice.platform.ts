import type { InvoicePlatformRow, InvoicePlatformSave } from '@venue/contract';
import type { Db } from '../../../platform/db.ts';
import { invalid, staleVersion } from '../../../platform/errors.ts';
import type { Caller } from '../../../platform/http.ts';
import { sealSecret } from '../../../platform/keys.ts';
import { scopeOf, SYSTEM_SCOPE } from '../../../platform/scope.ts';
import { ownPlatform, platformFor, putPlatform } from './invoice.repository.ts';
import './invoice.messages.ts';

/**
 * The e-invoice platform settings of the caller's organisation (the invoice screen's settings
 * drawer). The app secret is write-only: sealed when saved, never answered (`secretSet` only).
 */
export async function getPlatformSettings(db: Db, caller: Caller): Promise<InvoicePlatformRow> {
  const own = await ownPlatform(db, scopeOf(caller), caller.orgId);
  if (own) {
    const { orgId, enabled, gateway, appKey, sellerTaxNo, sellerName, version } = own;
    return { orgId, enabled, gateway, appKey, sellerTaxNo, sellerName, secretSet: true, inherited: false, version };
  }
  // None of its own: whether an ancestor's serves it (looked up across organisations, as invoicing does).
  const inherited = !!(await platformFor(db, SYSTEM_SCOPE, caller.orgId));
  return { orgId: caller.orgId, enabled: false, gateway: '', appKey: '', sellerTaxNo: '', sellerName: '', secretSet: false, inherited, version: 0 };
}

export async function savePlatformSettings(db: Db, caller: Caller, input: InvoicePlatformSave, secretKey: Buffer): Promise<InvoicePlatformRow> {
  const scope = scopeOf(caller);
  const { version, appSecret, ...values } = input;
  await db.transaction(async (tx) => {
    const own = await ownPlatform(tx, scope, caller.orgId);
    if ((own?.version ?? 0) !== version) throw staleVersion();
    if (!own && !appSecret) throw invalid('appSecret', 'invoice.secretRequired');
    await putPlatform(tx, scope, { ...values, orgId: caller.orgId, secretEnc: appSecret ? sealSecret(secretKey, appSecret) : own!.secretEnc });
  });
  return getPlatformSettings(db, caller);
}
