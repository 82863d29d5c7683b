import type {
  ConsignLineKind,
  ConsignPay,
  ConsignStatementIn,
  ConsignStatementQuery,
  ConsignSummary,
  ConsignSummaryQuery,
  CoursePartnerCreate,
  CoursePartnerListQuery,
  CoursePartnerRow,
  CoursePartnerUpdate,
} from '@venue/contract';
import type { Db, Tx } from '../../../platform/db.ts';
import { conflict, invalid, notFound } from '../../../platform/errors.ts';
import type { Caller } from '../../../platform/http.ts';
import { addMessages, type Lang } from '../../../platform/i18n.ts';
import { orderOf, pageOf } from '../../../platform/list.ts';
import { oneOrgScope, scopeOf, type Scope } from '../../../platform/scope.ts';
import { type LocalText, type SheetColumn, rowsXlsx } from '../../../platform/xlsx.ts';
import { mapDuplicate } from '../../system/index.ts';
import { dayOf, defineLedgerRule, findOrder, findRefund, postByRule, type CommerceEvent, type ItemRecord, type KindContext } from '../commerce/index.ts';
import { findClass, findCourse } from './course.repository.ts';
import {
  consignedCourses,
  findPartner,
  insertLineOnce,
  insertPartner,
  insertPayoutOnce,
  pagePartners,
  partnerDefaultOrder,
  partnerLines,
  partnerSorts,
  partnerSum,
  payoutOf,
  saleLinesOfOrder,
  seatShareOf,
  setLineTxn,
  updatePartner,
  type PartnerRecord,
} from './consign.repository.ts';

/**
 * Consignment courses (see consign.table.ts). The partner's share of a paid seat moves from the venue's
 * sales to what it owes the partner; a refund moves it back; a payout settles the debt.
 */
export const PARTNER_PAYABLE = 'partnerPayable';
export const consignRules = {
  sold: defineLedgerRule({ name: 'course.consign.sold', txnKind: 'partner_share', debit: 'sales', credit: PARTNER_PAYABLE, prefix: 'JS' }),
  refund: defineLedgerRule({ name: 'course.consign.refund', txnKind: 'partner_share', debit: PARTNER_PAYABLE, credit: 'sales', prefix: 'JR' }),
  payCash: defineLedgerRule({ name: 'course.consign.pay.cash', txnKind: 'partner_pay', debit: PARTNER_PAYABLE, credit: 'cash', prefix: 'JP' }),
  payTransfer: defineLedgerRule({ name: 'course.consign.pay.transfer', txnKind: 'partner_pay', debit: PARTNER_PAYABLE, credit: 'transfer', prefix: 'JP' }),
};

addMessages({
  'zh-CN': {
    'consign.partnerOff': '合作机构已停用，不能用于课程',
    'consign.monthOpen': '本月尚未结束，不能结款',
    'consign.paid': '该合作机构本月已结款',
    'consign.amountChanged': '应结金额已变化（现为 {amount}），请刷新后重试',
    'consign.nothingToPay': '本月没有应结金额',
    'field.partnerName': '机构名称',
  },
  'en-US': {
    'consign.partnerOff': 'The partner is disabled and cannot be given to a course',
    'consign.monthOpen': 'The month is not over yet: it cannot be paid out',
    'consign.paid': 'The partner has been paid for this month already',
    'consign.amountChanged': 'The amount due has changed (now {amount}); refresh and try again',
    'consign.nothingToPay': 'Nothing is due to the partner for this month',
    'field.partnerName': 'Partner name',
  },
});

/** The partner's share of a seat paid `paidFen`: the percentage rounded down to the fen, less the seat fee, never below 0. */
export function partnerShareOf(paidFen: number, sharePermille: number, seatFeeFen: number): number {
  return Math.max(0, Math.floor((paidFen * sharePermille) / 1000) - seatFeeFen);
}

// ---------------------------------------------------------------- posting hooks (called by the course kind)

/** A seat of a consigned course paid: its share line and the sales → partnerPayable posting (once per item). */
export async function postConsignShare(ctx: KindContext, item: ItemRecord, classId: number): Promise<void> {
  const cls = await findClass(ctx.tx, ctx.scope, classId);
  const course = cls && (await findCourse(ctx.tx, ctx.scope, cls.courseId));
  if (!course?.partnerId) return;
  const partner = (await findPartner(ctx.tx, ctx.scope, course.partnerId))!;
  const at = ctx.now ?? new Date();
  const shareFen = partnerShareOf(item.amountFen, partner.sharePermille, partner.seatFeeFen);
  const line = await insertLineOnce(ctx.tx, ctx.scope, {
    orgId: course.orgId,
    partnerId: partner.id,
    courseId: course.id,
    orderId: item.orderId,
    itemId: item.id,
    kind: 'sale',
    businessDay: await dayOf(ctx.tx, course.orgId, at),
    paidFen: item.amountFen,
    sharePermille: partner.sharePermille,
    seatFeeFen: partner.seatFeeFen,
    shareFen,
  });
  if (!line || shareFen <= 0) return;
  const txnNo = await postByRule(ctx.tx, ctx.scope, consignRules.sold, { orgId: course.orgId, amountFen: shareFen, orderId: item.orderId, at });
  await setLineTxn(ctx.tx, ctx.scope, line.id, txnNo);
}

/** A paid seat of a consigned course refunded: the share it still holds (after any partial refunds) is reversed, on the refund's day (once per item). */
export async function reverseConsignShare(ctx: KindContext, item: ItemRecord): Promise<void> {
  const seat = await seatShareOf(ctx.tx, ctx.scope, item.id);
  if (!seat) return;
  const { sale, paidLeftFen, shareLeftFen } = seat;
  const at = ctx.now ?? new Date();
  const line = await insertLineOnce(ctx.tx, ctx.scope, {
    orgId: sale.orgId,
    partnerId: sale.partnerId,
    courseId: sale.courseId,
    orderId: sale.orderId,
    itemId: sale.itemId,
    kind: 'refund',
    businessDay: await dayOf(ctx.tx, sale.orgId, at),
    paidFen: -paidLeftFen,
    sharePermille: sale.sharePermille,
    seatFeeFen: sale.seatFeeFen,
    shareFen: -shareLeftFen,
  });
  if (!line || shareLeftFen <= 0) return;
  const txnNo = await postByRule(ctx.tx, ctx.scope, consignRules.refund, { orgId: sale.orgId, amountFen: shareLeftFen, orderId: sale.orderId, at });
  await setLineTxn(ctx.tx, ctx.scope, line.id, txnNo);
}

/**
 * Part of a consigned seat's money refunded (an amount, no items: the share of a lesson the venue
 * cancelled, a discount given after payment): the partner's share follows what is left of the
 * seat's payment, on the refund's day. Commerce's `refund.succeeded`, delivered at least once: the
 * line is written once per refund, under the order's lock (refunds of one order never interleave).
 */
export async function adjustConsignShares(tx: Tx, e: CommerceEvent): Promise<void> {
  if (!e.orderId || !e.refundId) return;
  const scope = oneOrgScope(e.orgId);
  const refund = await findRefund(tx, scope, e.refundId);
  // A refund of whole seats is reversed by the course kind's release, in the refund's own transaction.
  if (!refund || refund.items.length) return;
  const sales = await saleLinesOfOrder(tx, scope, e.orderId);
  if (!sales.length) return;
  await findOrder(tx, scope, e.orderId, { lock: true });
  const at = new Date(e.at);
  let left = refund.amountFen;
  for (const sale of sales) {
    const seat = (await seatShareOf(tx, scope, sale.itemId))!;
    const take = Math.min(left, seat.paidLeftFen);
    if (seat.refunded || take <= 0) continue;
    left -= take;
    const shareFen = partnerShareOf(seat.paidLeftFen - take, sale.sharePermille, sale.seatFeeFen) - seat.shareLeftFen;
    const line = await insertLineOnce(tx, scope, {
      orgId: sale.orgId,
      partnerId: sale.partnerId,
      courseId: sale.courseId,
      orderId: sale.orderId,
      itemId: sale.itemId,
      kind: 'adjust',
      refundNo: refund.refundNo,
      businessDay: await dayOf(tx, sale.orgId, at),
      paidFen: -take,
      sharePermille: sale.sharePermille,
      seatFeeFen: sale.seatFeeFen,
      shareFen,
    });
    if (line && shareFen < 0)
      await setLineTxn(
        tx,
        scope,
        line.id,
        await postByRule(tx, scope, consignRules.refund, { orgId: sale.orgId, amountFen: -shareFen, orderId: sale.orderId, at }),
      );
  }
}

/** A course's partner on add or edit: in the caller's reach and the course's organisation (else 100404), and on. */
export async function checkCoursePartner(db: Db, scope: Scope, orgId: number, partnerId: number): Promise<void> {
  const p = await findPartner(db, scope, partnerId);
  if (!p || p.orgId !== orgId) throw notFound();
  if (p.status !== 'on') throw invalid('partnerId', 'consign.partnerOff');
}

// ---------------------------------------------------------------- partners

type PartnerRow = Omit<CoursePartnerRow, 'createTime' | 'updateTime'> & { createTime: Date; updateTime: Date };
function partnerOut({ createdAt, updatedAt, ...p }: PartnerRecord, courses: number): PartnerRow {
  return { ...p, status: p.status as PartnerRow['status'], courses, createTime: createdAt, updateTime: updatedAt };
}

export async function listPartners(db: Db, caller: Caller, q: CoursePartnerListQuery) {
  const { total, rows } = await pagePartners(db, scopeOf(caller), { name: q.name, status: q.status }, orderOf(q, partnerSorts, partnerDefaultOrder), pageOf(q));
  return { total, data: rows.map((r) => partnerOut(r.partner, r.courses)) };
}

async function partnerView(db: Db, scope: Scope, id: number) {
  const { rows } = await pagePartners(db, scope, { id }, partnerDefaultOrder, { limit: 1, offset: 0 });
  if (!rows[0]) throw notFound();
  return partnerOut(rows[0].partner, rows[0].courses);
}

const PARTNER_UNIQUE = { sport_course_partner_name_uq: ['name', 'field.partnerName'] as [string, string] };

export async function addPartner(db: Db, caller: Caller, input: CoursePartnerCreate) {
  const scope = scopeOf(caller);
  const made = await mapDuplicate(insertPartner(db, scope, { ...input, orgId: caller.orgId }), PARTNER_UNIQUE);
  return partnerView(db, scope, made.id);
}

export async function editPartner(db: Db, caller: Caller, id: number, input: CoursePartnerUpdate) {
  const scope = scopeOf(caller);
  if (!(await findPartner(db, scope, id))) throw notFound();
  const { version, ...values } = input;
  await mapDuplicate(updatePartner(db, scope, id, version, values), PARTNER_UNIQUE);
  return partnerView(db, scope, id);
}

const t2 = (zh: string, en: string): LocalText => ({ 'zh-CN': zh, 'en-US': en });
const fen2 = (fen: number) => (fen / 100).toFixed(2);
const partnerSheet: SheetColumn[] = [
  { key: 'name', title: t2('机构名称', 'Partner') },
  { key: 'contact', title: t2('联系人', 'Contact') },
  { key: 'phone', title: t2('电话', 'Phone') },
  { key: 'account', title: t2('结算账户', 'Settlement account') },
  { key: 'share', title: t2('分成比例（%）', 'Share (%)') },
  { key: 'seatFee', title: t2('每席扣费（元）', 'Fee per seat (¥)') },
  {
    key: 'status',
    title: t2('状态', 'Status'),
    options: [
      { value: 'on', label: t2('启用', 'On') },
      { value: 'off', label: t2('停用', 'Off') },
    ],
  },
  { key: 'courses', title: t2('课程数', 'Courses') },
  { key: 'remark', title: t2('备注', 'Remark') },
];

export async function exportPartners(db: Db, caller: Caller, q: Omit<CoursePartnerListQuery, 'pageNum' | 'pageSize'>, lang: Lang) {
  const { rows } = await pagePartners(db, scopeOf(caller), { name: q.name, status: q.status }, orderOf(q, partnerSorts, partnerDefaultOrder), {
    limit: 5000,
    offset: 0,
  });
  const data = rows.map(({ partner: p, courses }) => ({ ...p, courses, share: (p.sharePermille / 10).toFixed(1), seatFee: fen2(p.seatFeeFen) }));
  return rowsXlsx(partnerSheet, data, lang, lang === 'zh-CN' ? '合作机构' : 'course-partners', lang === 'zh-CN' ? '合作机构' : 'Partners');
}

// ---------------------------------------------------------------- month summary and statements

/** First and last day of a month `YYYY-MM`. */
export function monthDays(month: string): { fromDay: string; toDay: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { fromDay: `${month}-01`, toDay: `${month}-${String(last).padStart(2, '0')}` };
}

export async function consignSummary(db: Db, caller: Caller, q: ConsignSummaryQuery): Promise<ConsignSummary> {
  const scope = scopeOf(caller);
  if (q.partnerId && !(await findPartner(db, scope, q.partnerId))) throw notFound();
  const { fromDay, toDay } = monthDays(q.month);
  const rows = (await consignedCourses(db, scope, fromDay, toDay, q.partnerId)).map((r) => {
    const revenueFen = Number(r.revenueFen);
    const partnerFen = Number(r.partnerFen);
    return { ...r, revenueFen, partnerFen, venueFen: revenueFen - partnerFen };
  });
  const sum = (k: 'seats' | 'revenueFen' | 'partnerFen' | 'venueFen') => rows.reduce((a, r) => a + r[k], 0);
  return { month: q.month, rows, seats: sum('seats'), revenueFen: sum('revenueFen'), partnerFen: sum('partnerFen'), venueFen: sum('venueFen') };
}

async function monthClosed(db: Db, orgId: number, month: string): Promise<boolean> {
  return (await dayOf(db as never, orgId)).slice(0, 7) > month;
}

export async function consignStatement(db: Db, caller: Caller, q: ConsignStatementQuery): Promise<ConsignStatementIn> {
  const scope = scopeOf(caller);
  const partner = await findPartner(db, scope, q.partnerId);
  if (!partner) throw notFound();
  const { fromDay, toDay } = monthDays(q.month);
  const lines = (await partnerLines(db, scope, partner.id, fromDay, toDay)).map(({ line: l, orderNo, courseName, memberName }) => ({
    id: l.id,
    kind: l.kind as ConsignLineKind,
    businessDay: l.businessDay,
    orderId: l.orderId,
    orderNo,
    courseName,
    memberName,
    paidFen: l.paidFen,
    sharePermille: l.sharePermille,
    seatFeeFen: l.seatFeeFen,
    partnerFen: l.shareFen,
    venueFen: l.paidFen - l.shareFen,
    ledgerTxnNo: l.ledgerTxnNo,
  }));
  const paid = await payoutOf(db, scope, partner.id, q.month);
  const sum = (k: 'paidFen' | 'partnerFen' | 'venueFen') => lines.reduce((a, l) => a + l[k], 0);
  return {
    partnerId: partner.id,
    partnerName: partner.name,
    account: partner.account,
    month: q.month,
    lines,
    seats: lines.reduce((a, l) => a + (l.kind === 'sale' ? 1 : l.kind === 'refund' ? -1 : 0), 0),
    revenueFen: sum('paidFen'),
    partnerFen: sum('partnerFen'),
    venueFen: sum('venueFen'),
    closed: await monthClosed(db, partner.orgId, q.month),
    payout: paid
      ? {
          amountFen: paid.payout.amountFen,
          method: paid.payout.method as 'cash' | 'transfer',
          payRef: paid.payout.payRef,
          ledgerTxnNo: paid.payout.ledgerTxnNo,
          paidByName: paid.paidByName,
          paidAt: paid.payout.paidAt,
        }
      : null,
  };
}

const yuanText = (fen: number) => `¥${fen2(fen)}`;

/** `POST course/consign/pay`: a month that is over, paid out once: partnerPayable → cash or transfer, for the sum the caller saw. */
export async function payConsign(db: Db, caller: Caller, input: ConsignPay) {
  const scope = scopeOf(caller);
  const partner = await findPartner(db, scope, input.partnerId);
  if (!partner) throw notFound();
  if (!(await monthClosed(db, partner.orgId, input.month))) throw conflict('state', 'consign.monthOpen');
  const { fromDay, toDay } = monthDays(input.month);
  await db.transaction(async (tx) => {
    const own = oneOrgScope(partner.orgId);
    if (await payoutOf(tx as unknown as Db, own, partner.id, input.month)) throw conflict('duplicate', 'consign.paid');
    const due = await partnerSum(tx, own, partner.id, fromDay, toDay);
    if (due <= 0) throw conflict('state', 'consign.nothingToPay');
    if (due !== input.amountFen) throw conflict('state', 'consign.amountChanged', { amount: yuanText(due) });
    const rule = input.method === 'cash' ? consignRules.payCash : consignRules.payTransfer;
    const at = new Date();
    const ledgerTxnNo = await postByRule(tx, own, rule, { orgId: partner.orgId, amountFen: due, at });
    const made = await insertPayoutOnce(tx, own, {
      orgId: partner.orgId,
      partnerId: partner.id,
      month: input.month,
      amountFen: due,
      method: input.method,
      payRef: input.payRef ?? null,
      ledgerTxnNo,
      paidBy: caller.userId,
      paidAt: at,
    });
    if (!made) throw conflict('duplicate', 'consign.paid');
  });
  return consignStatement(db, caller, { partnerId: partner.id, month: input.month });
}

const KIND_TEXT: Record<string, LocalText> = { sale: t2('售出', 'Sale'), refund: t2('退款', 'Refund'), adjust: t2('部分退款', 'Part refund') };
const statementSheet: SheetColumn[] = [
  { key: 'businessDay', title: t2('营业日', 'Business day') },
  { key: 'kindText', title: t2('类型', 'Type') },
  { key: 'orderNo', title: t2('订单号', 'Order no.') },
  { key: 'courseName', title: t2('课程', 'Course') },
  { key: 'memberName', title: t2('会员', 'Member') },
  { key: 'paid', title: t2('实收（元）', 'Paid (¥)') },
  { key: 'rule', title: t2('分成规则', 'Share rule') },
  { key: 'partner', title: t2('机构分成（元）', 'Partner share (¥)') },
  { key: 'venue', title: t2('场馆留存（元）', 'Venue share (¥)') },
  { key: 'ledgerTxnNo', title: t2('流水号', 'Ledger no.') },
];

/** `POST course/consign/statement/export`: the statement as a spreadsheet, its last row the sums. */
export async function exportStatement(db: Db, caller: Caller, q: ConsignStatementQuery, lang: Lang) {
  const st = await consignStatement(db, caller, q);
  const zh = lang === 'zh-CN';
  const rows: Record<string, unknown>[] = st.lines.map((l) => ({
    ...l,
    kindText: KIND_TEXT[l.kind][lang],
    paid: fen2(l.paidFen),
    rule: `${(l.sharePermille / 10).toFixed(1)}%${l.seatFeeFen ? ` − ${yuanText(l.seatFeeFen)}` : ''}`,
    partner: fen2(l.partnerFen),
    venue: fen2(l.venueFen),
  }));
  rows.push({ businessDay: zh ? '合计' : 'Total', kindText: `${st.seats}`, paid: fen2(st.revenueFen), partner: fen2(st.partnerFen), venue: fen2(st.venueFen) });
  return rowsXlsx(statementSheet, rows, lang, `${zh ? '合作机构对账单' : 'partner-statement'}-${st.partnerName}-${st.month}`, zh ? '对账单' : 'Statement');
}
