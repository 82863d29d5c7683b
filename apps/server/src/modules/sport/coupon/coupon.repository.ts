import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor, Tx } from '../../../platform/db.ts';
import { assertInScope, inScope, inScopeSql, type Scope } from '../../../platform/scope.ts';
import { scopedRepo, type Changes } from '../../../platform/scopedRepo.ts';
import { containsText } from '../../system/index.ts';
import { orders } from '../commerce/index.ts';
import { members } from '../member/index.ts';
import { couponBatches, couponReturns, couponTemplates, coupons, couponUses, type CouponUseLine } from './coupon.table.ts';

/** Every query of the coupon module; each takes the scope (or SYSTEM_SCOPE for the jobs). */
export type TemplateRecord = typeof couponTemplates.$inferSelect;
export type CouponRecord = typeof coupons.$inferSelect;
export type UseRecord = typeof couponUses.$inferSelect;
export type BatchRecord = typeof couponBatches.$inferSelect;

const templateRepo = scopedRepo(couponTemplates);
const couponRepo = scopedRepo(coupons);
const useRepo = scopedRepo(couponUses);
const batchRepo = scopedRepo(couponBatches);
const returnRepo = scopedRepo(couponReturns);

const rowsOf = async <T>(db: Executor, q: SQL): Promise<T[]> => ((await db.execute(q)) as unknown as { rows: T[] }).rows;

// ---------------------------------------------------------------- templates

export const findTemplate = (db: Executor, scope: Scope, id: number) => templateRepo.find(db, scope, id);
export const insertTemplate = (db: Executor, scope: Scope, values: typeof couponTemplates.$inferInsert) => templateRepo.insert(db, scope, values);
export const updateTemplate = (db: Executor, scope: Scope, id: number, version: number, values: Changes<typeof couponTemplates>) =>
  templateRepo.update(db, scope, id, version, values);
export const removeTemplates = (db: Executor, scope: Scope, ids: number[]) => templateRepo.remove(db, scope, ids);

/**
 * The template locked for the rest of the transaction (issuing and taking serialise on it). `no key
 * update`, not `update`: the batch row written first holds a key-share lock on the template (its
 * foreign key), and two batches each holding one and asking for `update` deadlock.
 */
export async function lockTemplate(tx: Tx, scope: Scope, id: number): Promise<TemplateRecord | undefined> {
  const [row] = await tx
    .select()
    .from(couponTemplates)
    .where(templateRepo.where(scope, eq(couponTemplates.id, id)))
    .for('no key update');
  return row;
}

/** The template of an organisation's shared code (capitals). */
export async function templateByCode(db: Executor, scope: Scope, orgId: number, code: string): Promise<TemplateRecord | undefined> {
  const [row] = await db
    .select()
    .from(couponTemplates)
    .where(templateRepo.where(scope, eq(couponTemplates.orgId, orgId), eq(couponTemplates.code, code)));
  return row;
}

export async function pageTemplates(
  db: Executor,
  scope: Scope,
  f: { name?: string; kind?: string; status?: string; onSale?: boolean },
  order: SQL[],
  page: { limit: number; offset: number },
) {
  const where = templateRepo.where(
    scope,
    f.name ? containsText(couponTemplates.name, f.name) : undefined,
    f.kind ? eq(couponTemplates.kind, f.kind) : undefined,
    f.status ? eq(couponTemplates.status, f.status) : undefined,
    f.onSale ? sql`${couponTemplates.priceFen} is not null` : undefined,
  );
  return templateRepo.page(db, scope, where, order, page);
}
export const templateSorts = { id: couponTemplates.id, name: couponTemplates.name, taken: couponTemplates.taken, createTime: couponTemplates.createdAt };
export const templateDefaultOrder = desc(couponTemplates.id);

/**
 * Takes `n` of the template's total limit: one conditional update (the row's lock serialises the
 * takers; each sees the last one's count). Answers false when the limit (or the template's being
 * off) refuses: nothing was taken.
 */
export async function takeTotal(tx: Executor, scope: Scope, templateId: number, n: number): Promise<boolean> {
  const rows = await tx
    .update(couponTemplates)
    .set({ taken: sql`${couponTemplates.taken} + ${n}` })
    .where(
      templateRepo.where(
        scope,
        eq(couponTemplates.id, templateId),
        eq(couponTemplates.status, 'on'),
        sql`(${couponTemplates.totalLimit} is null or ${couponTemplates.taken} + ${n} <= ${couponTemplates.totalLimit})`,
      ),
    )
    .returning({ id: couponTemplates.id });
  return rows.length > 0;
}

export async function giveBackTotal(tx: Executor, scope: Scope, templateId: number, n: number): Promise<void> {
  await tx
    .update(couponTemplates)
    .set({ taken: sql`greatest(${couponTemplates.taken} - ${n}, 0)` })
    .where(templateRepo.where(scope, eq(couponTemplates.id, templateId)));
}

/**
 * Takes `n` of a member's share of the template: an upsert whose update only happens under the
 * limit, so two orders of one member at once cannot both pass it. Answers false when refused.
 */
export async function takeMember(
  tx: Executor,
  scope: Scope,
  orgId: number,
  templateId: number,
  memberId: number,
  n: number,
  limit: number | null,
): Promise<boolean> {
  if (limit !== null && n > limit) return false;
  await assertInScope(tx, scope, [orgId]);
  const rows = await rowsOf<{ member_id: unknown }>(
    tx,
    sql`insert into sport_coupon_member (org_id, template_id, member_id, taken) values (${orgId}, ${templateId}, ${memberId}, ${n})
        on conflict (template_id, member_id) do update set taken = sport_coupon_member.taken + ${n}
        where ${limit}::int is null or sport_coupon_member.taken + ${n} <= ${limit}::int
        returning member_id`,
  );
  return rows.length > 0;
}

export async function giveBackMember(tx: Executor, scope: Scope, templateId: number, memberId: number, n: number): Promise<void> {
  await tx.execute(
    sql`update sport_coupon_member set taken = greatest(taken - ${n}, 0)
        where template_id = ${templateId} and member_id = ${memberId} and ${inScopeSql(scope, sql`org_id`)}`,
  );
}

// ---------------------------------------------------------------- batches

/** The batch of a key, made now (`fresh`) or found (a retry). */
export async function claimBatch(tx: Tx, scope: Scope, values: typeof couponBatches.$inferInsert): Promise<{ batch: BatchRecord; fresh: boolean }> {
  await assertInScope(tx, scope, [values.orgId]);
  const [made] = await tx.insert(couponBatches).values(values).onConflictDoNothing().returning();
  if (made) return { batch: made, fresh: true };
  const [found] = await tx
    .select()
    .from(couponBatches)
    .where(batchRepo.where(scope, eq(couponBatches.orgId, values.orgId), eq(couponBatches.batchKey, values.batchKey)));
  return { batch: found!, fresh: false };
}

export async function setBatchIssued(tx: Tx, scope: Scope, id: number, issued: number, requested: number): Promise<BatchRecord> {
  const [row] = await tx
    .update(couponBatches)
    .set({ issued, requested })
    .where(batchRepo.where(scope, eq(couponBatches.id, id)))
    .returning();
  return row!;
}

export async function pageBatches(db: Executor, scope: Scope, templateId: number | undefined, page: { limit: number; offset: number }) {
  const where = batchRepo.where(scope, templateId ? eq(couponBatches.templateId, templateId) : undefined);
  const [rows, total] = await Promise.all([
    db
      .select({ batch: couponBatches, templateName: couponTemplates.name })
      .from(couponBatches)
      .innerJoin(couponTemplates, eq(couponTemplates.id, couponBatches.templateId))
      .where(where)
      .orderBy(desc(couponBatches.id))
      .limit(page.limit)
      .offset(page.offset),
    batchRepo.count(db, scope, where),
  ]);
  return { total, rows };
}

/**
 * Issues one coupon of the template to each member the filter finds (active members of the
 * organisation), in one statement: each member's share is taken by a conditional upsert (members
 * at their per-member limit are skipped), then their coupons are written. Answers how many.
 */
export async function issueToMembers(
  tx: Tx,
  scope: Scope,
  t: TemplateRecord,
  batchId: number,
  who: { memberIds?: number[]; level?: string; tag?: string },
  valid: { from: Date; to: Date },
  source: 'issue' | 'campaign',
): Promise<number> {
  await assertInScope(tx, scope, [t.orgId]);
  const filters: SQL[] = [sql`m.org_id = ${t.orgId}`, sql`m.status = 0`];
  if (who.memberIds) filters.push(sql`m.id = any(${`{${who.memberIds.join(',')}}`}::bigint[])`);
  if (who.level) filters.push(sql`m.level = ${who.level}`);
  if (who.tag) filters.push(sql`m.tags ? ${who.tag}`);
  const uses = t.kind === 'times' ? (t.times ?? 1) : 1;
  const [row] = await rowsOf<{ n: number }>(
    tx,
    sql`with target as (select m.id as member_id from sport_member m where ${sql.join(filters, sql` and `)}),
      counted as (
        insert into sport_coupon_member (org_id, template_id, member_id, taken)
        select ${t.orgId}, ${t.id}, member_id, 1 from target
        on conflict (template_id, member_id) do update set taken = sport_coupon_member.taken + 1
        where ${t.perMemberLimit}::int is null or sport_coupon_member.taken < ${t.perMemberLimit}::int
        returning member_id
      ),
      made as (
        insert into sport_coupon (org_id, template_id, member_id, batch_id, source, state, uses_left, valid_from, valid_to)
        select ${t.orgId}, ${t.id}, member_id, ${batchId}, ${source}, 'issued', ${uses}, ${valid.from}, ${valid.to} from counted
        returning 1
      )
      select count(*)::int as n from made`,
  );
  return Number(row?.n ?? 0);
}

// ---------------------------------------------------------------- coupons

export const findCoupons = (db: Executor, scope: Scope, ids: number[]) => couponRepo.findMany(db, scope, ids);
export const insertCoupon = (db: Executor, scope: Scope, values: typeof coupons.$inferInsert) => couponRepo.insert(db, scope, values);

/** Coupons written in one statement (a purchase's). */
export const insertCoupons = (tx: Tx, scope: Scope, values: (typeof coupons.$inferInsert)[]) => couponRepo.insertMany(tx, scope, values);

/**
 * Moves coupons from one state to another by a conditional update (only those still in `from`):
 * the database decides which of two racing orders gets a coupon. Answers the coupons moved.
 */
export async function moveCoupons(
  tx: Executor,
  scope: Scope,
  ids: number[],
  from: string[],
  values: PgUpdateSetSource<typeof coupons>,
  ...conditions: (SQL | undefined)[]
): Promise<CouponRecord[]> {
  if (!ids.length) return [];
  return tx
    .update(coupons)
    .set({ ...values, updatedAt: new Date() })
    .where(couponRepo.where(scope, inArray(coupons.id, ids), inArray(coupons.state, from), ...conditions))
    .returning();
}

/** A coupon the buyer holds, taken by a pending order: only while it is `issued` and has not ended (the database decides between two orders). */
export async function holdCoupon(tx: Executor, scope: Scope, id: number, orderId: number, now: Date): Promise<CouponRecord | undefined> {
  const [row] = await moveCoupons(tx, scope, [id], ['issued'], { orderId, state: 'held' }, sql`${coupons.validTo} > ${now}`);
  return row;
}

/** A held coupon used by its paid order: a times coupon with uses left goes back to `issued`, any other is `used`. */
export async function useHeldCoupon(tx: Executor, scope: Scope, id: number, at: Date): Promise<void> {
  await moveCoupons(tx, scope, [id], ['held'], {
    state: sql`case when ${coupons.usesLeft} > 1 then 'issued' else 'used' end`,
    usesLeft: sql`${coupons.usesLeft} - 1`,
    usedAt: at,
  });
}

/** A shared code's use that ended: its coupon is void (it was made for that order only). */
export async function voidCoupon(tx: Executor, scope: Scope, id: number, from: string[]): Promise<void> {
  await moveCoupons(tx, scope, [id], from, { state: 'void', orderId: null });
}

/** A coupon its member has again (a cancel: it was held; a refund: it was used, and a use comes back). */
export async function reissueCoupon(tx: Executor, scope: Scope, id: number, from: string[]): Promise<void> {
  await moveCoupons(tx, scope, [id], from, {
    state: 'issued',
    orderId: null,
    usesLeft: sql`case when ${coupons.state} = 'held' then ${coupons.usesLeft} else ${coupons.usesLeft} + 1 end`,
  });
}

/** Coupons of a bought line still unused (a refund withdraws them), oldest first, locked. */
export async function unusedOfItem(tx: Tx, scope: Scope, itemId: number, n: number): Promise<CouponRecord[]> {
  return tx
    .select()
    .from(coupons)
    .where(couponRepo.where(scope, eq(coupons.soldItemId, itemId), eq(coupons.state, 'issued')))
    .orderBy(asc(coupons.id))
    .limit(n)
    .for('update');
}

export async function countUnusedOfItem(db: Executor, scope: Scope, itemId: number): Promise<number> {
  return couponRepo.count(db, scope, and(eq(coupons.soldItemId, itemId), eq(coupons.state, 'issued')));
}

const couponCols = {
  coupon: coupons,
  templateName: couponTemplates.name,
  kind: couponTemplates.kind,
  memberName: members.name,
  orderNo: orders.orderNo,
};

export async function pageCoupons(
  db: Executor,
  scope: Scope,
  f: { templateId?: number; batchId?: number; memberId?: number; state?: string; source?: string; keyword?: string; usableAt?: Date },
  page: { limit: number; offset: number },
) {
  const where = couponRepo.where(
    scope,
    f.templateId ? eq(coupons.templateId, f.templateId) : undefined,
    f.batchId ? eq(coupons.batchId, f.batchId) : undefined,
    f.memberId ? eq(coupons.memberId, f.memberId) : undefined,
    f.state ? eq(coupons.state, f.state) : undefined,
    f.source ? eq(coupons.source, f.source) : undefined,
    f.usableAt ? and(eq(coupons.state, 'issued'), sql`${coupons.validFrom} <= ${f.usableAt}`, sql`${coupons.validTo} > ${f.usableAt}`) : undefined,
    f.keyword ? or(containsText(coupons.couponNo, f.keyword), containsText(members.name, f.keyword), containsText(members.phone, f.keyword)) : undefined,
  );
  const base = () =>
    db
      .select(couponCols)
      .from(coupons)
      .innerJoin(couponTemplates, eq(couponTemplates.id, coupons.templateId))
      .leftJoin(members, eq(members.id, coupons.memberId))
      .leftJoin(orders, eq(orders.id, coupons.orderId));
  const [rows, [total]] = await Promise.all([
    base().where(where).orderBy(desc(coupons.id)).limit(page.limit).offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(coupons)
      .leftJoin(members, eq(members.id, coupons.memberId))
      .where(where),
  ]);
  return { total: Number(total?.n ?? 0), rows };
}

// ---------------------------------------------------------------- uses

export const insertUse = (db: Executor, scope: Scope, values: typeof couponUses.$inferInsert) => useRepo.insert(db, scope, values);

/** An order's uses in these states, locked, in the order they were taken. */
export async function usesOfOrder(tx: Tx, scope: Scope, orderId: number, states: string[]): Promise<UseRecord[]> {
  return tx
    .select()
    .from(couponUses)
    .where(useRepo.where(scope, eq(couponUses.orderId, orderId), inArray(couponUses.state, states)))
    .orderBy(asc(couponUses.id))
    .for('update');
}

export async function setUse(tx: Tx, scope: Scope, id: number, values: { state?: string; lines?: CouponUseLine[]; settledAt?: Date }): Promise<void> {
  await tx
    .update(couponUses)
    .set(values)
    .where(useRepo.where(scope, eq(couponUses.id, id)));
}

/** A template's figures: coupons issued (not a code's uses), uses by state, and the discount kept. */
export async function templateStats(db: Executor, scope: Scope, templateId: number) {
  const [row] = await rowsOf<Record<string, number | string | null>>(
    db,
    sql`select
      (select count(*)::int from sport_coupon c where c.template_id = ${templateId} and c.source <> 'code' and ${inScopeSql(scope, sql`c.org_id`)}) as issued,
      (select count(*)::int from sport_coupon c where c.template_id = ${templateId} and c.state = 'expired' and ${inScopeSql(scope, sql`c.org_id`)}) as expired,
      count(*) filter (where u.state = 'held')::int as held,
      count(*) filter (where u.state in ('used','spent'))::int as used,
      count(*) filter (where u.state = 'released')::int as released,
      count(*) filter (where u.state = 'returned')::int as returned,
      count(*) filter (where u.state = 'spent')::int as spent,
      coalesce(sum(u.amount_fen) filter (where u.state in ('used','spent')), 0)::bigint as discount
      from sport_coupon_use u where u.template_id = ${templateId} and ${inScopeSql(scope, sql`u.org_id`)}`,
  );
  const n = (k: string) => Number(row?.[k] ?? 0);
  return {
    issued: n('issued'),
    held: n('held'),
    used: n('used'),
    released: n('released'),
    expired: n('expired'),
    returned: n('returned'),
    spent: n('spent'),
    discountFen: n('discount'),
  };
}

// ---------------------------------------------------------------- returned coupons

export const insertReturn = (db: Executor, scope: Scope, values: typeof couponReturns.$inferInsert) => returnRepo.insert(db, scope, values);

export async function pageReturns(db: Executor, scope: Scope, f: { outcome?: string; keyword?: string }, page: { limit: number; offset: number }) {
  const where = returnRepo.where(
    scope,
    f.outcome ? eq(couponReturns.outcome, f.outcome) : undefined,
    f.keyword
      ? or(containsText(couponReturns.refundNo, f.keyword), containsText(orders.orderNo, f.keyword), containsText(coupons.couponNo, f.keyword))
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ ret: couponReturns, orderNo: orders.orderNo, couponNo: coupons.couponNo, templateName: couponTemplates.name, memberName: members.name })
      .from(couponReturns)
      .innerJoin(coupons, eq(coupons.id, couponReturns.couponId))
      .innerJoin(couponTemplates, eq(couponTemplates.id, couponReturns.templateId))
      .leftJoin(orders, eq(orders.id, couponReturns.orderId))
      .leftJoin(members, eq(members.id, couponReturns.memberId))
      .where(where)
      .orderBy(desc(couponReturns.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(couponReturns)
      .innerJoin(coupons, eq(coupons.id, couponReturns.couponId))
      .leftJoin(orders, eq(orders.id, couponReturns.orderId))
      .where(where),
  ]);
  return { total: Number(total?.n ?? 0), rows };
}

// ---------------------------------------------------------------- the jobs (every organisation)

/** Issued coupons past their end: expired, in one statement. */
export async function expireCoupons(db: Executor, scope: Scope, now: Date): Promise<number> {
  return (
    await db
      .update(coupons)
      .set({ state: 'expired', updatedAt: now })
      .where(and(inScope(scope, coupons.orgId), eq(coupons.state, 'issued'), sql`${coupons.validTo} <= ${now}`))
      .returning({ id: coupons.id })
  ).length;
}

/**
 * Coupons a member has not been told of yet (issued, or about to expire), claimed for one run:
 * marked in the same statement that picks them (SKIP LOCKED: two schedulers never tell twice),
 * grouped by member and template with the member's contacts.
 */
export async function claimNotices(tx: Tx, scope: Scope, what: 'issued' | 'expiring', until: Date, limit: number) {
  const mark = what === 'issued' ? sql`notified_at` : sql`reminded_at`;
  const due =
    what === 'issued'
      ? sql`c.notified_at is null and c.member_id is not null and c.state = 'issued'`
      : sql`c.reminded_at is null and c.member_id is not null and c.state = 'issued' and c.valid_to <= ${until}`;
  return rowsOf<{ org_id: number; member_id: number; template_id: number; n: number; valid_to: string; name: string; phone: string; template_name: string }>(
    tx,
    sql`with picked as (
        select c.id from sport_coupon c where ${due} and ${inScopeSql(scope, sql`c.org_id`)}
        order by c.id limit ${limit} for update skip locked
      ),
      marked as (
        update sport_coupon c set ${mark} = now() from picked where c.id = picked.id
        returning c.org_id, c.member_id, c.template_id, c.valid_to
      )
      select marked.org_id::int as org_id, marked.member_id::int as member_id, marked.template_id::int as template_id,
        count(*)::int as n, min(marked.valid_to)::text as valid_to, m.name, m.phone, t.name as template_name
      from marked join sport_member m on m.id = marked.member_id join sport_coupon_template t on t.id = marked.template_id
      group by marked.org_id, marked.member_id, marked.template_id, m.name, m.phone, t.name`,
  );
}

// ---------------------------------------------------------------- the demo's reads

/** A member's first unused coupon of a template. */
export async function firstIssuedCoupon(db: Executor, scope: Scope, templateId: number, memberId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: coupons.id })
    .from(coupons)
    .where(couponRepo.where(scope, eq(coupons.templateId, templateId), eq(coupons.memberId, memberId), eq(coupons.state, 'issued')))
    .orderBy(asc(coupons.id))
    .limit(1);
  return row?.id;
}
