import type {
  DistOrder,
  DistSalesQuery,
  DistributorCreate,
  DistributorListQuery,
  DistributorUpdate,
  ExternalListQuery,
  FeedDocument,
  FeedProject,
  PackageCreate,
  PackageListQuery,
  PackageOrder,
  PackageUpdate,
  QuotaGive,
  QuotaListQuery,
  QuotaReturn,
  SalesQuery,
  SettlementQuery,
  StatsBucket,
  StatsQuery,
} from '@venue/contract';
import { distTicketLineDetail, ticketPkgLineDetail, type DistTicketLineDetail } from '@venue/contract';
import type { Db, Tx } from '../../../../platform/db.ts';
import { conflict, invalid, notFound } from '../../../../platform/errors.ts';
import type { Caller } from '../../../../platform/http.ts';
import { orderOf, pageOf } from '../../../../platform/list.ts';
import { expectOneUpdated, scopeOf, type Scope } from '../../../../platform/scope.ts';
import { mapDuplicate } from '../../../system/index.ts';
import { createOrder, findOrder, itemKind, type KindContext, type PricedItem } from '../../commerce/index.ts';
import {
  findLevel,
  findProject,
  findSession,
  freeSeats,
  holdQuota,
  insertTickets,
  moveLineTickets,
  moveQuota,
  setLineSeats,
  type SessionRecord,
} from '../ticket.repository.ts';
import { ticketCode } from '../sale.service.ts';
import {
  blockSeatsFor,
  deleteDistributor,
  deletePackage,
  distributorDefaultOrder,
  distributorInUse,
  distributorSorts,
  ensureQuota,
  externalIdsOf,
  findDistributor,
  findExternalItems,
  findPackage,
  findQuota,
  gaFigures,
  giveLevelQuota,
  holdDistQuota,
  holdDistSeat,
  holdFirstFreeSeat,
  holdPackageStock,
  insertDistOrder,
  insertDistributor,
  insertPackage,
  markExternalMissing,
  moveDistQuota,
  moveLevelTickets,
  movePackageStock,
  packageDefaultOrder,
  packageNamesOfItems,
  packageSorts,
  pageDistributors,
  pageDistSales,
  pageExternalItems,
  pagePackages,
  pageQuotas,
  pageSales,
  partsOf,
  quotaForSale,
  refundedCount,
  resizeQuota,
  returnDistSeats,
  salesGroups,
  seatFigures,
  seatsOfQuotas,
  settlementOf,
  statsSessions,
  takeLevelQuota,
  unblockSeatsOf,
  updateDistributor,
  updatePackage,
  upsertExternalItem,
} from './distribution.repository.ts';
import { fetchFeed, type FeedOptions } from './feed.client.ts';
import { ticketLineQuote } from '../reserve/refund.quote.ts';
import './distribution.messages.ts';

/**
 * Ticket distribution: distributors and the quota they sell (item kind `dist_ticket`, channel
 * `distributor`), their settlement, external items pulled from their feeds, package tickets (item
 * kind `ticket_pkg`: one unit takes one ticket of each part, all or nothing) and sales statistics.
 */

const pctOf = (bp: number) => bp / 100;
const bpOf = (pct: number) => Math.round(pct * 100);
const pgCode = (e: unknown): string | undefined => {
  for (let x = e as { code?: unknown; cause?: unknown } | undefined, i = 0; x && i < 4; x = x.cause as typeof x, i++)
    if (typeof x.code === 'string' && /^[0-9A-Z]{5}$/.test(x.code)) return x.code;
  return undefined;
};
const onSale = (s: SessionRecord, projectStatus: number) => s.onSale && s.status === 0 && projectStatus === 0;

// ---------------------------------------------------------------- distributors

const DIST_UNIQUE = { sport_ticket_distributor_org_name_uq: ['name', 'field.distributorName'] as [string, string] };

const distributorOut = (r: Awaited<ReturnType<typeof pageDistributors>>['rows'][number]) => {
  const { commissionBp, createdAt, updatedAt, ...d } = r.d;
  return {
    ...d,
    status: d.status as 0 | 1,
    commissionPct: pctOf(commissionBp),
    soldCount: r.soldCount,
    soldFen: r.soldFen,
    createTime: createdAt,
    updateTime: updatedAt,
  };
};

export async function listDistributors(db: Db, caller: Caller, q: DistributorListQuery) {
  const { total, rows } = await pageDistributors(
    db,
    scopeOf(caller),
    { name: q.name, status: q.status },
    orderOf(q, distributorSorts, distributorDefaultOrder),
    pageOf(q),
  );
  return { total, data: rows.map(distributorOut) };
}

export async function getDistributor(db: Db | Tx, caller: Caller, id: number) {
  const { rows } = await pageDistributors(db, scopeOf(caller), { id }, distributorDefaultOrder, { limit: 1, offset: 0 });
  if (!rows[0]) throw notFound();
  return distributorOut(rows[0]);
}

export async function addDistributor(db: Db, caller: Caller, input: DistributorCreate) {
  const { commissionPct, orgId, ...rest } = input;
  const row = await mapDuplicate(
    insertDistributor(db, scopeOf(caller), { ...rest, orgId: orgId ?? caller.orgId, commissionBp: bpOf(commissionPct) }),
    DIST_UNIQUE,
  );
  return getDistributor(db, caller, row.id);
}

export async function editDistributor(db: Db, caller: Caller, id: number, input: DistributorUpdate) {
  const scope = scopeOf(caller);
  if (!(await findDistributor(db, scope, id))) throw notFound();
  const { version, commissionPct, ...values } = input;
  expectOneUpdated(
    await mapDuplicate(
      updateDistributor(db, scope, id, version, { ...values, ...(commissionPct !== undefined ? { commissionBp: bpOf(commissionPct) } : {}) }),
      DIST_UNIQUE,
    ),
  );
  return getDistributor(db, caller, id);
}

export async function removeDistributors(db: Db, caller: Caller, ids: number[]) {
  const scope = scopeOf(caller);
  return db.transaction(async (tx) => {
    let deleted = 0;
    for (const id of ids) {
      if (!(await findDistributor(tx, scope, id))) throw notFound();
      if (await distributorInUse(tx, scope, id)) throw conflict('state', 'dist.inUse');
      deleted += await deleteDistributor(tx, scope, id);
    }
    return { deleted };
  });
}

// ---------------------------------------------------------------- quotas

export async function listQuotas(db: Db | Tx, caller: Caller, q: QuotaListQuery & { id?: number }) {
  const scope = scopeOf(caller);
  const { total, rows } = await pageQuotas(db, scope, { distributorId: q.distributorId, sessionId: q.sessionId, id: q.id }, pageOf(q));
  const seats = await seatsOfQuotas(
    db,
    scope,
    rows.filter((r) => r.q.seated).map((r) => r.q.id),
  );
  return {
    total,
    data: rows.map(({ q: x, ...r }) => ({
      id: x.id,
      orgId: x.orgId,
      distributorId: x.distributorId,
      sessionId: x.sessionId,
      levelId: x.levelId,
      seated: x.seated,
      quota: x.quota,
      sold: x.sold,
      held: x.held,
      // Seated: the seats still blocked for the distributor (a seat modification may have freed one).
      available: x.seated ? seats.filter((s) => s.quotaId === x.id && s.state === 'blocked').length : x.quota - x.sold - x.held,
      version: x.version,
      ...r,
      seats: seats.filter((s) => s.quotaId === x.id).map((s) => ({ id: s.id, label: `${s.zone} ${s.row}-${s.no}`, state: s.state })),
    })),
  };
}

async function getQuota(db: Db | Tx, caller: Caller, id: number) {
  const { data } = await listQuotas(db, caller, { id, pageNum: 1, pageSize: 1 } as QuotaListQuery & { id: number });
  if (!data[0]) throw notFound();
  return data[0];
}

/** Gives a distributor a level's quota: general admission takes it from the level's own quota, seated blocks free seats of the level for them. */
export async function giveQuota(db: Db, caller: Caller, input: QuotaGive) {
  const scope = scopeOf(caller);
  const id = await db.transaction(async (tx) => {
    const distributor = await findDistributor(tx, scope, input.distributorId);
    const level = await findLevel(tx, scope, input.levelId);
    if (!distributor || !level || level.orgId !== distributor.orgId) throw notFound();
    if (distributor.status !== 0) throw conflict('state', 'dist.disabled');
    const session = (await findSession(tx, scope, level.sessionId, { lock: true }))!;
    const quota = await ensureQuota(tx, scope, {
      orgId: level.orgId,
      distributorId: distributor.id,
      sessionId: session.id,
      levelId: level.id,
      seated: session.seated,
    });
    if (!session.seated) {
      if (!input.quantity) throw invalid('quantity', 'dist.gaNeedsQuantity');
      if (!(await takeLevelQuota(tx, scope, level.id, input.quantity))) {
        const now = (await findLevel(tx, scope, level.id))!;
        throw conflict('taken', 'dist.levelShort', { n: Math.max(0, (now.quota ?? 0) - now.sold - now.held) }, [
          { field: 'quantity', message: 'dist.levelShort' },
        ]);
      }
      await resizeQuota(tx, scope, quota.id, input.quantity);
    } else {
      if (!input.seatIds?.length) throw invalid('seatIds', 'dist.seatedNeedsSeats');
      const wanted = [...new Set(input.seatIds)];
      const blocked = await blockSeatsFor(tx, scope, quota, wanted);
      if (blocked.length !== wanted.length) throw conflict('taken', 'dist.seatsNotFree', { n: wanted.length - blocked.length });
      await resizeQuota(tx, scope, quota.id, blocked.length);
    }
    return quota.id;
  });
  return getQuota(db, caller, id);
}

/** Unused quota goes back: general admission to the level's quota, seats to sale. */
export async function returnQuota(db: Db, caller: Caller, id: number, input: QuotaReturn) {
  const scope = scopeOf(caller);
  await db.transaction(async (tx) => {
    const quota = await findQuota(tx, scope, id);
    if (!quota) throw notFound();
    const unsold = quota.quota - quota.sold - quota.held;
    if (!quota.seated) {
      const n = input.quantity ?? unsold;
      if (n === 0) return;
      if (!(await resizeQuota(tx, scope, id, -n)))
        throw conflict('state', 'dist.returnTooMuch', { n: unsold }, [{ field: 'quantity', message: 'dist.returnTooMuch' }]);
      await giveLevelQuota(tx, scope, quota.levelId, n);
    } else {
      const wanted = input.seatIds ? [...new Set(input.seatIds)] : undefined;
      const n = await unblockSeatsOf(tx, scope, id, wanted);
      if (wanted && n !== wanted.length) throw conflict('state', 'dist.returnTooMuch', { n: unsold }, [{ field: 'seatIds', message: 'dist.returnTooMuch' }]);
      if (n && !(await resizeQuota(tx, scope, id, -n))) throw conflict('state', 'dist.returnTooMuch', { n: unsold });
    }
  });
  return getQuota(db, caller, id);
}

// ---------------------------------------------------------------- selling from a quota: item kind `dist_ticket`

interface PricedQuotaLine {
  quotaId: number;
  distributorId: number;
  commissionBp: number;
  sessionId: number;
  levelId: number;
  seatId: number | null;
  label: string;
}
/** A distributor's quota ticket (the ticket manifest contributes it). */
export const distTicketKind = itemKind<DistTicketLineDetail, PricedItem & { line: PricedQuotaLine }>({
  kind: 'dist_ticket',
  orderTypes: ['ticket'],
  detail: distTicketLineDetail,
  async price(ctx, input, line) {
    if (!input.refId) throw invalid(`items.${line}.refId`, 'error.field.required');
    const sale = await quotaForSale(ctx.tx, ctx.scope, input.refId);
    if (!sale || sale.quota.orgId !== ctx.orgId) throw notFound();
    if (sale.distributor.status !== 0) throw conflict('state', 'dist.disabled');
    if (!onSale(sale.session, sale.projectStatus)) throw conflict('state', 'ticket.notOnSale');
    let seatId: number | null = null;
    let label = sale.level.name;
    if (sale.quota.seated) {
      seatId = input.detail.seatId ?? null;
      if (seatId === null) throw invalid(`items.${line}.detail.seatId`, 'error.field.required');
      if (input.quantity !== 1) throw invalid(`items.${line}.quantity`, 'commerce.rechargeOne');
      const seats = await seatsOfQuotas(ctx.tx, ctx.scope, [sale.quota.id]);
      const seat = seats.find((s) => s.id === seatId);
      if (!seat) throw conflict('taken', 'dist.seatNotInQuota', { seat: seatId });
      label = `${seat.zone} ${seat.row}-${seat.no}`;
    }
    return {
      name: `${sale.projectName} ${sale.session.name}`.slice(0, 64),
      spec: `${sale.distributor.name} ${sale.level.name}${seatId ? ` ${label}` : ''}`.slice(0, 200),
      unitPriceFen: sale.level.priceFen,
      line: {
        quotaId: sale.quota.id,
        distributorId: sale.distributor.id,
        commissionBp: sale.distributor.commissionBp,
        sessionId: sale.session.id,
        levelId: sale.level.id,
        seatId,
        label,
      },
    };
  },
  async hold(ctx, item, order, priced) {
    const p = priced.line;
    // A distributor's quota is sold in the distributor channel only (statistics and settlement count it there).
    if (order.channel !== 'distributor') throw invalid(`items.${item.lineNo - 1}.kind`, 'dist.channelOnly');
    await insertDistOrder(ctx.tx, ctx.scope, { orgId: order.orgId, orderId: order.id, distributorId: p.distributorId, commissionBp: p.commissionBp });
    const ticket = {
      orgId: order.orgId,
      sessionId: p.sessionId,
      levelId: p.levelId,
      orderId: order.id,
      itemId: item.id,
      state: 'held',
      buyerName: order.buyerName,
      buyerPhone: order.buyerPhone,
      priceFen: item.unitPriceFen,
    };
    if (p.seatId !== null) {
      if (!(await holdDistSeat(ctx.tx, ctx.scope, p.quotaId, p.seatId, { orderId: order.id, itemId: item.id })))
        throw conflict('taken', 'dist.seatNotInQuota', { seat: p.label });
      if (!(await holdDistQuota(ctx.tx, ctx.scope, p.quotaId, 1))) throw conflict('taken', 'dist.quotaShort', { level: p.label });
      await insertTickets(ctx.tx, ctx.scope, [{ ...ticket, code: ticketCode(), seatId: p.seatId }]);
      return undefined;
    }
    await insertTickets(
      ctx.tx,
      ctx.scope,
      Array.from({ length: item.quantity }, () => ({ ...ticket, code: ticketCode(), seatId: null })),
    );
    if (!(await holdDistQuota(ctx.tx, ctx.scope, p.quotaId, item.quantity))) throw conflict('taken', 'dist.quotaShort', { level: p.label });
    return undefined;
  },
  async confirm(ctx, item) {
    const moved = await moveLineTickets(ctx.tx, ctx.scope, item.id, 'held', 'sold');
    if (!moved.length) return false;
    if (moved[0]!.seatId !== null) await setLineSeats(ctx.tx, ctx.scope, item.id, ['held'], 'sold');
    await moveDistQuota(ctx.tx, ctx.scope, item.refId!, { held: -moved.length, sold: moved.length });
    return true;
  },
  async release(ctx, item, quantity, why) {
    if (quantity <= 0) return;
    const held = await moveLineTickets(ctx.tx, ctx.scope, item.id, 'held', 'cancelled', quantity);
    const sold =
      held.length < quantity
        ? await moveLineTickets(ctx.tx, ctx.scope, item.id, 'sold', why === 'refund' ? 'refunded' : 'cancelled', quantity - held.length)
        : [];
    const all = [...held, ...sold];
    if (!all.length) return;
    // A seat goes back to the distributor (blocked for them), a general-admission ticket to their quota.
    if (all[0]!.seatId !== null)
      await returnDistSeats(
        ctx.tx,
        ctx.scope,
        item.id,
        all.map((t) => t.seatId!),
      );
    await moveDistQuota(ctx.tx, ctx.scope, item.refId!, { held: -held.length, sold: -sold.length });
  },
  refundQuote: (ctx, item, _quantity, paidFen) => ticketLineQuote(ctx, item, paidFen),
});

type OrderAnswer = { orderNo: string; orderId: number; amount: number; state: string; expiresAt: Date | null };
async function answerOf(
  db: Db,
  scope: Scope,
  id: number,
  made: { orderNo: string; id: number; payableFen: number; state: string; expiresAt: Date | null } | undefined,
): Promise<OrderAnswer> {
  const order = made ?? (await findOrder(db, scope, id))!;
  return { orderNo: order.orderNo, orderId: order.id, amount: order.payableFen, state: order.state, expiresAt: order.expiresAt };
}

/** `POST ticket/distributor/{id}/order`: a pending order of channel `distributor` from one of its quotas. */
export async function sellFromQuota(db: Db, caller: Caller, distributorId: number, input: DistOrder, key: string | undefined) {
  const scope = scopeOf(caller);
  const sale = await quotaForSale(db, scope, input.quotaId);
  if (!sale || sale.quota.distributorId !== distributorId) throw notFound();
  let items;
  if (sale.quota.seated) {
    if (!input.seatIds?.length) throw invalid('seatIds', 'dist.seatedNeedsSeats');
    const ids = [...new Set(input.seatIds)].sort((a, b) => a - b);
    items = ids.map((seatId) => ({ kind: 'dist_ticket' as const, refId: sale.quota.id, quantity: 1, discountFen: 0, detail: { seatId } }));
  } else {
    if (!input.quantity) throw invalid('quantity', 'dist.gaNeedsQuantity');
    items = [{ kind: 'dist_ticket' as const, refId: sale.quota.id, quantity: input.quantity, discountFen: 0, detail: {} }];
  }
  let made: Parameters<typeof answerOf>[3];
  const id = await createOrder(
    db,
    caller,
    {
      orgId: sale.quota.orgId,
      type: 'ticket',
      venueId: sale.venueId ?? undefined,
      buyerName: input.buyer?.name || null,
      buyerPhone: input.buyer?.phone ?? null,
      channel: 'distributor',
      remark: input.remark,
      items,
    },
    key,
    (m) => (made = m.order),
    { timeoutMinutes: sale.session.holdMinutes },
  );
  return answerOf(db, scope, id, made);
}

export async function listDistSales(db: Db, caller: Caller, q: DistSalesQuery) {
  await checkFilter(db, scopeOf(caller), q);
  const { total, rows } = await pageDistSales(db, scopeOf(caller), { distributorId: q.distributorId, from: q.from, to: q.to }, pageOf(q));
  return {
    total,
    data: rows.map(({ link, distributorName, order }) => ({
      orderId: order.id,
      orderNo: order.orderNo,
      distributorId: link.distributorId,
      distributorName,
      itemSummary: order.itemSummary,
      state: order.state,
      payableFen: order.payableFen,
      paidFen: order.paidFen,
      refundedFen: order.refundedFen,
      commissionPct: pctOf(link.commissionBp),
      createTime: link.createdAt,
    })),
  };
}

export async function settlement(db: Db, caller: Caller, q: SettlementQuery) {
  await checkFilter(db, scopeOf(caller), q);
  if (q.to <= q.from) throw invalid('to', 'error.field.invalid');
  const rows = await settlementOf(db, scopeOf(caller), q);
  return {
    rows: rows.map((r) => ({
      distributorId: r.distributorId,
      distributorName: r.distributorName,
      commissionPct: pctOf(r.commissionBp),
      orders: r.orders,
      tickets: r.tickets,
      soldFen: r.soldFen,
      refundedFen: r.refundedFen,
      commissionFen: r.commissionFen,
      netDueFen: r.soldFen - r.commissionFen,
    })),
  };
}

// ---------------------------------------------------------------- feed and external items

const projectFigures = (p: FeedProject) => {
  const levels = p.sessions.flatMap((s) => s.levels);
  return {
    stock: levels.reduce((n, l) => n + l.stock, 0),
    minPriceFen: levels.length ? Math.min(...levels.map((l) => l.priceFen)) : 0,
    maxPriceFen: levels.length ? Math.max(...levels.map((l) => l.priceFen)) : 0,
  };
};

async function feedOf(db: Db, caller: Caller, distributorId: number, opts: FeedOptions) {
  const d = await findDistributor(db, scopeOf(caller), distributorId);
  if (!d) throw notFound();
  if (!d.feedUrl) throw invalid('feedUrl', 'dist.noFeed');
  return { distributor: d, doc: await fetchFeed(d.feedUrl, opts) };
}

export async function previewFeed(db: Db, caller: Caller, distributorId: number, opts: FeedOptions) {
  const { doc } = await feedOf(db, caller, distributorId, opts);
  const pulled = new Set(await externalIdsOf(db, scopeOf(caller), distributorId));
  return {
    publisher: doc.publisher ?? null,
    projects: doc.projects.map((p) => ({
      id: p.id,
      name: p.name,
      venue: p.venue ?? null,
      sessions: p.sessions.length,
      ...projectFigures(p),
      pulled: pulled.has(p.id),
    })),
  };
}

const itemValues = (orgId: number, distributorId: number, sourceUrl: string, p: FeedProject) => ({
  orgId,
  distributorId,
  externalId: p.id,
  name: p.name,
  venueName: p.venue ?? null,
  sessions: p.sessions,
  ...projectFigures(p),
  sourceUrl,
  refreshedAt: new Date(),
});

/** Imports the chosen projects of a distributor's feed as external items (one pulled before is refreshed). */
export async function pullFeed(db: Db, caller: Caller, distributorId: number, externalIds: string[], opts: FeedOptions) {
  const scope = scopeOf(caller);
  const { distributor, doc } = await feedOf(db, caller, distributorId, opts);
  const byId = new Map(doc.projects.map((p) => [p.id, p]));
  const chosen = [...new Set(externalIds)].map((id, i) => {
    const p = byId.get(id);
    if (!p) throw invalid(`externalIds.${i}`, 'dist.feedUnknownProject', { id });
    return p;
  });
  return db.transaction(async (tx) => {
    let pulled = 0;
    for (const p of chosen) if (await upsertExternalItem(tx, scope, itemValues(distributor.orgId, distributor.id, distributor.feedUrl!, p))) pulled++;
    return { pulled, refreshed: chosen.length - pulled };
  });
}

/** Refreshes external items' stock and prices from the feeds they came from; an item its feed no longer lists is marked missing. */
export async function refreshExternal(db: Db, caller: Caller, f: { ids?: number[]; distributorId?: number }, opts: FeedOptions) {
  const scope = scopeOf(caller);
  const items = await findExternalItems(db, scope, f);
  if (f.ids && items.length !== new Set(f.ids).size) throw notFound();
  const bySource = new Map<string, typeof items>();
  for (const it of items) bySource.set(it.sourceUrl, [...(bySource.get(it.sourceUrl) ?? []), it]);
  const docs = new Map<string, FeedDocument>();
  for (const url of bySource.keys()) docs.set(url, await fetchFeed(url, opts));
  return db.transaction(async (tx) => {
    let refreshed = 0;
    const missing: number[] = [];
    for (const [url, list] of bySource) {
      const byId = new Map(docs.get(url)!.projects.map((p) => [p.id, p]));
      for (const it of list) {
        const p = byId.get(it.externalId);
        if (!p) missing.push(it.id);
        else {
          await upsertExternalItem(tx, scope, itemValues(it.orgId, it.distributorId, url, p));
          refreshed++;
        }
      }
    }
    await markExternalMissing(tx, scope, missing);
    return { refreshed, missing: missing.length };
  });
}

export async function listExternalItems(db: Db, caller: Caller, q: ExternalListQuery) {
  const { total, rows } = await pageExternalItems(db, scopeOf(caller), { distributorId: q.distributorId, name: q.name }, pageOf(q));
  return {
    total,
    data: rows.map(({ item: i, distributorName }) => ({
      id: i.id,
      orgId: i.orgId,
      distributorId: i.distributorId,
      distributorName,
      externalId: i.externalId,
      name: i.name,
      venueName: i.venueName,
      sessions: i.sessions,
      stock: i.stock,
      minPriceFen: i.minPriceFen,
      maxPriceFen: i.maxPriceFen,
      sourceUrl: i.sourceUrl,
      missing: i.missing,
      refreshTime: i.refreshedAt,
    })),
  };
}

// ---------------------------------------------------------------- packages

const PKG_UNIQUE = { sport_ticket_package_org_name_uq: ['name', 'field.packageName'] as [string, string] };

export async function listPackages(db: Db | Tx, caller: Caller, q: PackageListQuery & { id?: number }) {
  const scope = scopeOf(caller);
  const { total, rows } = await pagePackages(db, scope, { name: q.name, id: q.id }, orderOf(q, packageSorts, packageDefaultOrder), pageOf(q));
  const parts = await partsOf(
    db,
    scope,
    rows.map((r) => r.id),
  );
  return {
    total,
    data: rows.map((p) => ({
      id: p.id,
      orgId: p.orgId,
      name: p.name,
      priceFen: p.priceFen,
      stock: p.stock,
      sold: p.sold,
      held: p.held,
      available: p.stock - p.sold - p.held,
      onSale: p.onSale,
      remark: p.remark,
      parts: parts
        .filter((x) => x.part.packageId === p.id)
        .map((x) => ({
          levelId: x.level.id,
          levelName: x.level.name,
          sessionId: x.session.id,
          sessionName: x.session.name,
          projectName: x.projectName,
          startAt: x.session.startAt,
          priceFen: x.level.priceFen,
          seated: x.session.seated,
        })),
      version: p.version,
      createTime: p.createdAt,
    })),
  };
}

export async function getPackage(db: Db | Tx, caller: Caller, id: number) {
  const { data } = await listPackages(db, caller, { id, pageNum: 1, pageSize: 1 } as PackageListQuery & { id: number });
  if (!data[0]) throw notFound();
  return data[0];
}

export async function addPackage(db: Db, caller: Caller, input: PackageCreate) {
  const scope = scopeOf(caller);
  const orgId = input.orgId ?? caller.orgId;
  const levelIds = input.parts.map((p) => p.levelId);
  if (new Set(levelIds).size !== levelIds.length) throw invalid('parts', 'pkg.partsDistinct');
  const id = await db.transaction(async (tx) => {
    const parts = [];
    for (const [i, levelId] of levelIds.entries()) {
      const level = await findLevel(tx, scope, levelId);
      if (!level || level.orgId !== orgId) throw notFound();
      parts.push({ orgId, sessionId: level.sessionId, levelId, sort: i });
    }
    const { parts: _p, orgId: _o, ...values } = input;
    return (await mapDuplicate(insertPackage(tx, scope, { ...values, orgId, onSale: input.onSale ?? true }, parts), PKG_UNIQUE)).id;
  });
  return getPackage(db, caller, id);
}

export async function editPackage(db: Db, caller: Caller, id: number, input: PackageUpdate) {
  const scope = scopeOf(caller);
  if (!(await findPackage(db, scope, id))) throw notFound();
  const { version, ...values } = input;
  try {
    expectOneUpdated(await mapDuplicate(updatePackage(db, scope, id, version, values), PKG_UNIQUE));
  } catch (e) {
    if (pgCode(e) === '23514') throw conflict('state', 'pkg.stockBelowSold', undefined, [{ field: 'stock', message: 'pkg.stockBelowSold' }]);
    throw e;
  }
  return getPackage(db, caller, id);
}

export async function removePackages(db: Db, caller: Caller, ids: number[]) {
  const scope = scopeOf(caller);
  return db.transaction(async (tx) => {
    let deleted = 0;
    for (const id of ids) {
      if (!(await findPackage(tx, scope, id))) throw notFound();
      const n = await deletePackage(tx, scope, id);
      if (!n) throw conflict('state', 'pkg.hasSales');
      deleted += n;
    }
    return { deleted };
  });
}

type Part = Awaited<ReturnType<typeof partsOf>>[number];

/** The package price split over its parts in proportion to their levels' prices (the last part takes the rounding). */
function sharesOf(priceFen: number, parts: Part[]): number[] {
  const total = parts.reduce((n, p) => n + p.level.priceFen, 0);
  const shares = parts.map((p) => (total > 0 ? Math.floor((priceFen * p.level.priceFen) / total) : Math.floor(priceFen / parts.length)));
  shares[shares.length - 1]! += priceFen - shares.reduce((a, b) => a + b, 0);
  return shares;
}

const partLabel = (p: Part) => `${p.projectName} ${p.session.name} ${p.level.name}`;

async function pkgParts(ctx: KindContext, packageId: number) {
  return partsOf(ctx.tx, ctx.scope, [packageId]);
}

/** A package of tickets (the ticket manifest contributes it). */
export const ticketPackageKind = itemKind<Record<string, never>, PricedItem & { line: { packageId: number; parts: Part[]; shares: number[] } }>({
  kind: 'ticket_pkg',
  orderTypes: ['ticket'],
  detail: ticketPkgLineDetail,
  async price(ctx, input, line) {
    if (!input.refId) throw invalid(`items.${line}.refId`, 'error.field.required');
    const pkg = await findPackage(ctx.tx, ctx.scope, input.refId);
    if (!pkg || pkg.orgId !== ctx.orgId) throw notFound();
    if (!pkg.onSale) throw conflict('state', 'pkg.notOnSale');
    const parts = await pkgParts(ctx, pkg.id);
    for (const p of parts) if (!onSale(p.session, p.projectStatus)) throw conflict('state', 'ticket.notOnSale');
    return {
      name: pkg.name,
      spec: parts.map(partLabel).join('、').slice(0, 200),
      unitPriceFen: pkg.priceFen,
      line: { packageId: pkg.id, parts, shares: sharesOf(pkg.priceFen, parts) },
    };
  },
  async hold(ctx, item, order, priced) {
    const p = priced.line;
    const n = item.quantity;
    // All or nothing: any part that cannot be had throws, and the order's transaction takes nothing.
    if (!(await holdPackageStock(ctx.tx, ctx.scope, p.packageId, n))) throw conflict('taken', 'pkg.soldOut');
    for (const [i, part] of p.parts.entries()) {
      const ticket = {
        orgId: order.orgId,
        sessionId: part.session.id,
        levelId: part.level.id,
        orderId: order.id,
        itemId: item.id,
        state: 'held',
        buyerName: order.buyerName,
        buyerPhone: order.buyerPhone,
        priceFen: p.shares[i]!,
      };
      if (part.session.seated) {
        const rows = [];
        for (let k = 0; k < n; k++) {
          const seatId = await holdFirstFreeSeat(ctx.tx, ctx.scope, part.session.id, part.level.id, { orderId: order.id, itemId: item.id });
          if (seatId === undefined) throw conflict('taken', 'pkg.partSoldOut', { part: partLabel(part) });
          rows.push({ ...ticket, code: ticketCode(), seatId });
        }
        await insertTickets(ctx.tx, ctx.scope, rows);
      } else {
        if (!(await holdQuota(ctx.tx, ctx.scope, part.level.id, n))) throw conflict('taken', 'pkg.partSoldOut', { part: partLabel(part) });
        await insertTickets(
          ctx.tx,
          ctx.scope,
          Array.from({ length: n }, () => ({ ...ticket, code: ticketCode(), seatId: null })),
        );
      }
    }
    return undefined;
  },
  async confirm(ctx, item) {
    const parts = await pkgParts(ctx, item.refId!);
    let units = 0;
    for (const part of parts) {
      const moved = await moveLevelTickets(ctx.tx, ctx.scope, item.id, part.level.id, 'held', 'sold', item.quantity);
      units = Math.max(units, moved.length);
      if (moved.length && !part.session.seated) await moveQuota(ctx.tx, ctx.scope, part.level.id, { held: -moved.length, sold: moved.length });
    }
    if (!units) return false;
    await setLineSeats(ctx.tx, ctx.scope, item.id, ['held'], 'sold');
    await movePackageStock(ctx.tx, ctx.scope, item.refId!, { held: -units, sold: units });
    return true;
  },
  async release(ctx, item, quantity, why) {
    if (quantity <= 0) return;
    const parts = await pkgParts(ctx, item.refId!);
    let heldUnits = 0;
    let soldUnits = 0;
    for (const part of parts) {
      const held = await moveLevelTickets(ctx.tx, ctx.scope, item.id, part.level.id, 'held', 'cancelled', quantity);
      const sold =
        held.length < quantity
          ? await moveLevelTickets(ctx.tx, ctx.scope, item.id, part.level.id, 'sold', why === 'refund' ? 'refunded' : 'cancelled', quantity - held.length)
          : [];
      heldUnits = Math.max(heldUnits, held.length);
      soldUnits = Math.max(soldUnits, sold.length);
      const all = [...held, ...sold];
      if (part.session.seated)
        await freeSeats(
          ctx.tx,
          ctx.scope,
          item.id,
          all.map((t) => t.seatId!),
        );
      else if (all.length) await moveQuota(ctx.tx, ctx.scope, part.level.id, { held: -held.length, sold: -sold.length });
    }
    if (heldUnits || soldUnits) await movePackageStock(ctx.tx, ctx.scope, item.refId!, { held: -heldUnits, sold: -soldUnits });
  },
  // Each part by its session's rules: a package whose any session refuses is refused as a whole.
  refundQuote: (ctx, item, _quantity, paidFen) => ticketLineQuote(ctx, item, paidFen),
});

/** `POST ticket/package/{id}/order`: a pending order of `quantity` packages; every part's ticket is held in the same transaction, or none. */
export async function sellPackage(db: Db, caller: Caller, id: number, input: PackageOrder, key: string | undefined) {
  const scope = scopeOf(caller);
  const pkg = await findPackage(db, scope, id);
  if (!pkg) throw notFound();
  const parts = await partsOf(db, scope, [id]);
  const holdMinutes = Math.min(...parts.map((p) => p.session.holdMinutes));
  let made: Parameters<typeof answerOf>[3];
  const orderId = await createOrder(
    db,
    caller,
    {
      orgId: pkg.orgId,
      type: 'ticket',
      buyerName: input.buyer?.name || null,
      buyerPhone: input.buyer?.phone ?? null,
      channel: 'console',
      remark: input.remark,
      items: [{ kind: 'ticket_pkg', refId: id, quantity: input.quantity ?? 1, discountFen: 0, detail: {} }],
    },
    key,
    (m) => (made = m.order),
    { timeoutMinutes: Number.isFinite(holdMinutes) ? holdMinutes : undefined },
  );
  return answerOf(db, scope, orderId, made);
}

// ---------------------------------------------------------------- statistics

/** A filter naming a project, session or distributor out of scope answers 100404 (not an empty figure). */
async function checkFilter(db: Db, scope: Scope, q: { projectId?: number; sessionId?: number; distributorId?: number }) {
  if (q.projectId !== undefined && !(await findProject(db, scope, q.projectId))) throw notFound();
  if (q.sessionId !== undefined && !(await findSession(db, scope, q.sessionId))) throw notFound();
  if (q.distributorId !== undefined && !(await findDistributor(db, scope, q.distributorId))) throw notFound();
}

function buckets<K extends string>(rows: { n: number; fen: number }[], keyOf: (r: never) => [K | null, string]) {
  const out = new Map<string, StatsBucket>();
  for (const r of rows) {
    const [key, name] = keyOf(r as never);
    if (key === null) continue;
    const b = out.get(key) ?? { key, name, count: 0, amountFen: 0 };
    b.count += r.n;
    b.amountFen += r.fen;
    out.set(key, b);
  }
  return [...out.values()].sort((a, b) => b.amountFen - a.amountFen || b.count - a.count);
}

/** projectSalesStatistics: tickets paid for by project, session, level, channel and distributor, and each session's sold / held / distributed / free. */
export async function salesStatistics(db: Db, caller: Caller, q: StatsQuery) {
  const scope = scopeOf(caller);
  await checkFilter(db, scope, q);
  const f = { projectId: q.projectId, sessionId: q.sessionId, from: q.from, to: q.to };
  const [groups, refunded, sessions] = await Promise.all([salesGroups(db, scope, f), refundedCount(db, scope, f), statsSessions(db, scope, f)]);
  type G = (typeof groups)[number];
  const ids = sessions.map((s) => s.session.id);
  const [ga, seats] = await Promise.all([
    gaFigures(
      db,
      scope,
      sessions.filter((s) => !s.session.seated).map((s) => s.session.id),
    ),
    seatFigures(
      db,
      scope,
      ids.filter((id) => sessions.find((s) => s.session.id === id)!.session.seated),
    ),
  ]);
  return {
    total: { count: groups.reduce((n, g) => n + g.n, 0), amountFen: groups.reduce((n, g) => n + g.fen, 0), refunded },
    byProject: buckets(groups, (g: G) => [String(g.projectId), g.projectName]),
    bySession: buckets(groups, (g: G) => [String(g.sessionId), `${g.projectName} ${g.sessionName}`]),
    byLevel: buckets(groups, (g: G) => [String(g.levelId), `${g.sessionName} ${g.levelName}`]),
    byChannel: buckets(groups, (g: G) => [g.channel, g.channel]),
    byDistributor: buckets(groups, (g: G) => [g.distributorId === null ? null : String(g.distributorId), g.distributorName ?? '']),
    sessions: sessions.map(({ session: s, projectName }) => {
      if (s.seated) {
        const of = (state: string, dist?: boolean) =>
          seats.filter((x) => x.sessionId === s.id && x.state === state && (dist === undefined || x.dist === dist)).reduce((n, x) => n + x.n, 0);
        return {
          sessionId: s.id,
          name: s.name,
          projectName,
          startAt: s.startAt,
          sold: of('sold'),
          held: of('held'),
          distributed: of('blocked', true),
          free: of('free'),
        };
      }
      const lv = ga.levels.find((x) => x.sessionId === s.id) ?? { quota: 0, sold: 0, held: 0 };
      const dq = ga.quotas.find((x) => x.sessionId === s.id && !x.seated) ?? { quota: 0, sold: 0, held: 0 };
      return {
        sessionId: s.id,
        name: s.name,
        projectName,
        startAt: s.startAt,
        sold: lv.sold + dq.sold,
        held: lv.held + dq.held,
        distributed: dq.quota - dq.sold - dq.held,
        free: lv.quota - lv.sold - lv.held,
      };
    }),
  };
}

/** projectSales: the tickets sold, newest first. */
export async function listSales(db: Db, caller: Caller, q: SalesQuery) {
  const scope = scopeOf(caller);
  await checkFilter(db, scope, q);
  const { total, rows } = await pageSales(
    db,
    scope,
    { projectId: q.projectId, sessionId: q.sessionId, channel: q.channel, distributorId: q.distributorId },
    pageOf(q),
  );
  const pkgNames = await packageNamesOfItems(db, scope, [...new Set(rows.map((r) => r.ticket.itemId))]);
  return {
    total,
    data: rows.map((r) => ({
      id: r.ticket.id,
      code: r.ticket.code,
      projectName: r.projectName,
      sessionName: r.sessionName,
      levelName: r.levelName,
      orderId: r.ticket.orderId,
      orderNo: r.orderNo,
      channel: r.channel,
      distributorName: r.distributorName,
      packageName: pkgNames.get(r.ticket.itemId) ?? null,
      state: r.ticket.state,
      priceFen: r.ticket.priceFen,
      soldAt: r.ticket.soldAt,
    })),
  };
}
