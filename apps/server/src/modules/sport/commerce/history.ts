import type { Executor } from '../../../platform/db.ts';
import { assertInScope, type Scope } from '../../../platform/scope.ts';
import { insertPastSales, type PastSaleRow } from './commerce.repository.ts';
import { itemKindOf } from './item-kinds.ts';
import { accountOfMethod } from './ledger.ts';
import { dayOf, timeZoneOf } from './money.ts';
import { isOrderType } from './order.service.ts';

/** One line of a past sale, as it was sold. */
export interface PastLine {
  kind: string;
  /** What the kind sells (a site, a class …), as a live line of the kind names it. */
  refId: number | null;
  name: string;
  quantity: number;
  unitPriceFen: number;
}

/** A sale that happened before today: paid in full by one method, and used. */
export interface PastSale {
  /** Its business day, `yyyy-MM-dd` in the organisation's zone, before today. */
  day: string;
  /** When on that day it was paid, in minutes after local midnight. */
  minute: number;
  venueId: number | null;
  type: string;
  channel: string;
  member?: { id: number; name: string; phone: string | null };
  lines: PastLine[];
  method: string;
}

const METHOD_FLOW: Record<string, { flow: string; provider: string | null }> = {
  cash: { flow: 'direct', provider: null },
  transfer: { flow: 'direct', provider: null },
  alipay: { flow: 'barcode', provider: 'alipay' },
  wechat: { flow: 'barcode', provider: 'wechat' },
};

/**
 * Writes sales that happened before today in bulk (the demo's months of business, an import of
 * what a venue sold before it used the console): each an order already paid and used, its lines,
 * its payment and the payment's ledger posting (the method's account debited, `sales` credited),
 * as the live path leaves them. One statement in one transaction, whatever the count. Nothing is
 * held and no event is sent: the statistics rebuild reads them from the ledger. Only days before
 * today: today's business goes through the live path, whose holds and events others depend on.
 * Answers the orders written.
 */
export async function importPastSales(db: Executor, scope: Scope, orgId: number, sales: readonly PastSale[]): Promise<number> {
  if (!sales.length) return 0;
  await assertInScope(db, scope, [orgId]);
  const today = await dayOf(db, orgId);
  const rows = sales.map((s, i): PastSaleRow => {
    const way = METHOD_FLOW[s.method];
    if (!way) throw new Error(`past sale ${i}: method ${s.method} is not one a past sale is paid by`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(s.day) || s.day >= today) throw new Error(`past sale ${i}: day ${s.day} is not before ${today}`);
    if (!Number.isInteger(s.minute) || s.minute < 0 || s.minute >= 24 * 60) throw new Error(`past sale ${i}: minute ${s.minute}`);
    if (!isOrderType(s.type)) throw new Error(`past sale ${i}: no order type ${s.type}`);
    if (!s.lines.length) throw new Error(`past sale ${i}: no lines`);
    for (const l of s.lines) {
      if (!itemKindOf(l.kind)?.orderTypes.includes(s.type)) throw new Error(`past sale ${i}: kind ${l.kind} is not sold in ${s.type} orders`);
      if (!Number.isInteger(l.quantity) || l.quantity <= 0 || !Number.isInteger(l.unitPriceFen) || l.unitPriceFen <= 0)
        throw new Error(`past sale ${i}: line ${l.name} has no positive quantity and price`);
    }
    return {
      day: s.day,
      minute: s.minute,
      venueId: s.venueId,
      type: s.type,
      channel: s.channel,
      memberId: s.member?.id ?? null,
      buyerName: s.member?.name ?? null,
      buyerPhone: s.member?.phone ?? null,
      method: s.method,
      flow: way.flow,
      provider: way.provider,
      account: accountOfMethod(s.method),
      lines: s.lines,
    };
  });
  return insertPastSales(db, scope, orgId, await timeZoneOf(db, orgId), rows);
}
