import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { INVOICE_LIVE_STATES, type InvoiceState } from '@venue/contract';
import type { Executor } from '../../../platform/db.ts';
import { assertInScope, inScopeSql, type Scope, type SystemScope } from '../../../platform/scope.ts';
import { scopedRepo } from '../../../platform/scopedRepo.ts';
import { containsText } from '../../system/index.ts';
import { orders, pageOrders } from '../commerce/index.ts';
import { invoiceLines, invoicePlatforms, invoices } from './invoice.table.ts';

/**
 * Invoices, their lines and the organisations' platforms. An invoice changes state only by a
 * conditional write from the state it may leave (`moveInvoice`); the live-per-order index refuses
 * a second live invoice whatever races.
 */
export type InvoiceRecord = typeof invoices.$inferSelect;
export type InvoiceLineRecord = typeof invoiceLines.$inferSelect;
export type PlatformRecord = typeof invoicePlatforms.$inferSelect;

const invoiceRepo = scopedRepo(invoices);
const lineRepo = scopedRepo(invoiceLines);
const platformRepo = scopedRepo(invoicePlatforms);

export const findInvoice = (db: Executor, scope: Scope, id: number) => invoiceRepo.find(db, scope, id);
export const insertInvoice = (db: Executor, scope: Scope, values: typeof invoices.$inferInsert) => invoiceRepo.insert(db, scope, values);
export const insertInvoiceLines = (db: Executor, scope: Scope, values: (typeof invoiceLines.$inferInsert)[]) => lineRepo.insertMany(db, scope, values);

export async function linesOf(db: Executor, scope: Scope, invoiceId: number): Promise<InvoiceLineRecord[]> {
  return db
    .select()
    .from(invoiceLines)
    .where(lineRepo.where(scope, eq(invoiceLines.invoiceId, invoiceId)))
    .orderBy(invoiceLines.id);
}

/** The order's live invoice (issuing, issued or crediting), if any. */
export async function liveInvoiceOf(db: Executor, scope: Scope, orderId: number): Promise<InvoiceRecord | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(invoiceRepo.where(scope, eq(invoices.orderId, orderId), inArray(invoices.state, [...INVOICE_LIVE_STATES])));
  return row;
}

/** How many invoices the order had (the next one's attempt number follows). */
export async function attemptsOf(db: Executor, scope: Scope, orderId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${invoices.attempt}), 0)::int` })
    .from(invoices)
    .where(invoiceRepo.where(scope, eq(invoices.orderId, orderId)));
  return Number(row?.n ?? 0);
}

/** Moves an invoice from `from` to `to` with its changes: undefined when it is no longer in `from`. */
export async function moveInvoice(
  db: Executor,
  scope: Scope,
  id: number,
  from: InvoiceState,
  to: InvoiceState,
  values: Partial<Omit<InvoiceRecord, 'id' | 'orgId' | 'state' | 'version'>> = {},
): Promise<InvoiceRecord | undefined> {
  const [row] = await db
    .update(invoices)
    .set({ ...values, state: to, version: sql`${invoices.version} + 1`, updatedAt: sql`now()` })
    .where(invoiceRepo.where(scope, eq(invoices.id, id), eq(invoices.state, from)))
    .returning();
  return row;
}

/** Sets what the platform answered (a serial) without a state change. */
export async function noteInvoice(
  db: Executor,
  scope: Scope,
  id: number,
  state: InvoiceState,
  values: Partial<Pick<InvoiceRecord, 'serialNo' | 'redConfirmNo' | 'redSerialNo'>>,
) {
  await db
    .update(invoices)
    .set({ ...values, updatedAt: sql`now()` })
    .where(invoiceRepo.where(scope, eq(invoices.id, id), eq(invoices.state, state)));
}

interface InvoiceFilter {
  state?: string;
  keyword?: string;
  orderId?: number;
  memberId?: number;
}

/** A page of invoices, newest first, with their order's number and member. */
export async function pageInvoices(db: Executor, scope: Scope, f: InvoiceFilter, page: { limit: number; offset: number }) {
  const where = invoiceRepo.where(
    scope,
    f.state ? eq(invoices.state, f.state) : undefined,
    f.orderId !== undefined ? eq(invoices.orderId, f.orderId) : undefined,
    f.memberId !== undefined ? eq(orders.memberId, f.memberId) : undefined,
    f.keyword
      ? sql`(${containsText(orders.orderNo, f.keyword)} or ${containsText(invoices.title, f.keyword)} or ${containsText(invoices.invoiceNo, f.keyword)} or ${containsText(invoices.taxNo, f.keyword)})`
      : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ invoice: invoices, orderNo: orders.orderNo, memberId: orders.memberId })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .where(where)
      .orderBy(desc(invoices.createdAt), desc(invoices.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .where(where),
  ]);
  return { total: Number(total), rows };
}

/** The sync job's work: invoices the platform is still working on, every organisation, oldest first. */
export async function pendingInvoices(db: Executor, scope: SystemScope, limit: number): Promise<InvoiceRecord[]> {
  return db
    .select()
    .from(invoices)
    .where(and(invoiceRepo.where(scope), inArray(invoices.state, ['issuing', 'crediting'])))
    .orderBy(invoices.updatedAt)
    .limit(limit);
}

/** The organisation's platform, or its nearest ancestor's (a venue uses its group's unless it has its own). */
export async function platformFor(db: Executor, scope: SystemScope, orgId: number): Promise<PlatformRecord | undefined> {
  const res = (await db.execute(sql`with recursive up as (select id, parent_id, 0 as depth from sys_org where id = ${orgId}
      union all select o.id, o.parent_id, up.depth + 1 from sys_org o join up on o.id = up.parent_id)
    select p.id from sport_invoice_platform p join up on up.id = p.org_id
    where p.enabled and ${inScopeSql(scope, sql`p.org_id`)} order by up.depth limit 1`)) as unknown as { rows: { id: number }[] };
  const id = res.rows[0]?.id;
  return id === undefined ? undefined : platformRepo.find(db, scope, Number(id));
}

/** The organisation's own platform settings (not an ancestor's). */
export async function ownPlatform(db: Executor, scope: Scope, orgId: number): Promise<PlatformRecord | undefined> {
  const [row] = await db
    .select()
    .from(invoicePlatforms)
    .where(platformRepo.where(scope, eq(invoicePlatforms.orgId, orgId)));
  return row;
}

/** Sets an organisation's platform (the settings drawer, the demo, tests). */
export async function putPlatform(db: Executor, scope: Scope, values: typeof invoicePlatforms.$inferInsert): Promise<void> {
  await assertInScope(db, scope, [values.orgId]);
  await db
    .insert(invoicePlatforms)
    .values(values)
    .onConflictDoUpdate({
      target: invoicePlatforms.orgId,
      set: { ...values, version: sql`${invoicePlatforms.version} + 1`, updatedAt: sql`now()` },
    });
}

/** The newest paid orders in scope (the demo invoices them). */
export async function latestPaidOrders(db: Executor, scope: Scope, n: number) {
  return (await pageOrders(db, scope, { state: 'paid' }, [desc(orders.id)], { limit: n, offset: 0 })).rows;
}
