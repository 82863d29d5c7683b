import type {
  CoachRateCreate,
  CoachRateListQuery,
  CoachRateRowIn,
  CoachRateUpdate,
  CoachSettlementCreate,
  CoachSettlementDetailIn,
  CoachSettlementLineIn,
  CoachSettlementListQuery,
  CoachSettlementPay,
  CoachSettlementRowIn,
} from '@venue/contract';
import type { Db } from '../../../platform/db.ts';
import { AppError, conflict, invalid, notFound, staleVersion } from '../../../platform/errors.ts';
import type { Caller } from '../../../platform/http.ts';
import type { Lang } from '../../../platform/i18n.ts';
import { orderOf, pageOf } from '../../../platform/list.ts';
import { oneOrgScope, scopeOf, type Scope } from '../../../platform/scope.ts';
import { type LocalText, type SheetColumn, rowsXlsx } from '../../../platform/xlsx.ts';
import { mapDuplicate } from '../../system/index.ts';
import { findCoach } from '../coach/index.ts';
import { defineLedgerRule, nextDocNo, postByRule, timeZoneOf } from '../commerce/index.ts';
import './course.messages.ts';
import {
  findRate,
  findSettlement,
  findSettlements,
  insertLines,
  insertRate,
  insertSettlement,
  linesOf,
  lockCoachSettlements,
  moveSettlement,
  overlapping,
  pageRates,
  pageSettlements,
  rateDefaultOrder,
  rateGroups,
  ratesByIds,
  rateSorts,
  removeDrafts,
  replaceLines,
  removeRates,
  settlementDefaultOrder,
  settlementSorts,
  updateRate,
  type LineRecord,
  type RateGroup,
  type RateRecord,
  type SettlementRecord,
} from './settlement.repository.ts';

/** Approval: the coaches' pay becomes a cost and a debt to the coach. Paying: the debt is settled from cash or a transfer. */
export const settlementRules = {
  approve: defineLedgerRule({ name: 'course.settlement.approve', txnKind: 'coach_payable', debit: 'coachCost', credit: 'coachPayable', prefix: 'KS' }),
  payCash: defineLedgerRule({ name: 'course.settlement.pay.cash', txnKind: 'coach_pay', debit: 'coachPayable', credit: 'cash', prefix: 'KP' }),
  payTransfer: defineLedgerRule({ name: 'course.settlement.pay.transfer', txnKind: 'coach_pay', debit: 'coachPayable', credit: 'transfer', prefix: 'KP' }),
};

// ---------------------------------------------------------------- money and formulas in words

/** ¥80, ¥80.50, ¥1,234 (fen to yuan, no float arithmetic). */
export function yuan(fen: number): string {
  const neg = fen < 0;
  const abs = Math.abs(fen);
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  const cents = abs % 100;
  return `${neg ? '-' : ''}¥${whole}${cents ? `.${String(cents).padStart(2, '0')}` : ''}`;
}
const permille = (p: number) => `${p % 10 === 0 ? p / 10 : (p / 10).toFixed(1)}%`;

interface Figures {
  scope: string;
  mode: string;
  lessons: number;
  extraAttendees: number;
  revenueFen: number;
  lessonFen: number;
  freeAttendees: number;
  attendeeFen: number;
  sharePermille: number;
  minFen: number | null;
  maxFen: number | null;
}

/** What a line earns: per lesson, plus per attendee beyond the free tier, or a share of the revenue within its minimum and maximum. */
export function amountOf(f: Figures): number {
  if (f.mode === 'share') {
    let fen = Math.floor((f.revenueFen * f.sharePermille) / 1000);
    if (f.minFen !== null && fen < f.minFen) fen = f.minFen;
    if (f.maxFen !== null && fen > f.maxFen) fen = f.maxFen;
    return fen;
  }
  return f.lessons * f.lessonFen + (f.mode === 'attendee' ? f.extraAttendees * f.attendeeFen : 0);
}

// English counts its nouns: "1 lesson", "12 lessons".
const WORDS: Record<
  Lang,
  { lessons: (n: number) => string; sessions: (n: number) => string; over: (free: number, count: number) => string; revenue: string; min: string; max: string }
> = {
  'zh-CN': { lessons: () => '节', sessions: () => '次', over: (free) => `超出 ${free} 人的学员`, revenue: '营收', min: '保底', max: '封顶' },
  'en-US': {
    lessons: (n) => (n === 1 ? 'lesson' : 'lessons'),
    sessions: (n) => (n === 1 ? 'session' : 'sessions'),
    over: (free, count) => `${count === 1 ? 'attendee' : 'attendees'} over ${free}`,
    revenue: 'revenue',
    min: 'minimum',
    max: 'maximum',
  },
};

/** The line's formula, e.g. "12 lessons × ¥80 + 3 attendees over 10 × ¥5" or "¥9,600 revenue × 30% = ¥2,880 → maximum ¥2,000". */
export function formulaOf(f: Figures, lang: Lang): string {
  const w = WORDS[lang];
  const zh = lang === 'zh-CN';
  if (f.mode === 'share') {
    const raw = Math.floor((f.revenueFen * f.sharePermille) / 1000);
    const base = `${yuan(f.revenueFen)} ${w.revenue} × ${permille(f.sharePermille)}`;
    const bounds = [f.minFen !== null ? `${w.min} ${yuan(f.minFen)}` : '', f.maxFen !== null ? `${w.max} ${yuan(f.maxFen)}` : '']
      .filter(Boolean)
      .join(zh ? '，' : ', ');
    const amount = amountOf(f);
    if (amount !== raw) return `${base} = ${yuan(raw)} → ${amount < raw ? w.max : w.min} ${yuan(amount)}`;
    return bounds ? `${base} (${bounds})` : base;
  }
  const unit = (f.scope === 'sparring' ? w.sessions : w.lessons)(f.lessons);
  const lessons = `${f.lessons} ${unit} × ${yuan(f.lessonFen)}`;
  if (f.mode !== 'attendee') return lessons;
  const extra = zh
    ? `${f.extraAttendees} 名${w.over(f.freeAttendees, f.extraAttendees)} × ${yuan(f.attendeeFen)}`
    : `${f.extraAttendees} ${w.over(f.freeAttendees, f.extraAttendees)} × ${yuan(f.attendeeFen)}`;
  return `${lessons} + ${extra}`;
}

/** A rate in words: "¥80 per lesson", "¥0 per lesson + ¥5 per attendee over 10", "30% of revenue (minimum ¥100, maximum ¥500)". */
export function rateSummary(r: RateRecord, lang: Lang): string {
  const zh = lang === 'zh-CN';
  const unit = r.scope === 'sparring' ? (zh ? '次' : 'session') : zh ? '节' : 'lesson';
  if (r.mode === 'share') {
    const b = [r.minFen !== null ? `${zh ? '保底' : 'minimum'} ${yuan(r.minFen)}` : '', r.maxFen !== null ? `${zh ? '封顶' : 'maximum'} ${yuan(r.maxFen)}` : '']
      .filter(Boolean)
      .join(zh ? '，' : ', ');
    const base = zh ? `营收的 ${permille(r.sharePermille)}` : `${permille(r.sharePermille)} of revenue`;
    return b ? `${base} (${b})` : base;
  }
  const per = zh ? `每${unit} ${yuan(r.lessonFen)}` : `${yuan(r.lessonFen)} per ${unit}`;
  if (r.mode !== 'attendee') return per;
  return zh ? `${per} + 超出 ${r.freeAttendees} 人每人 ${yuan(r.attendeeFen)}` : `${per} + ${yuan(r.attendeeFen)} per attendee over ${r.freeAttendees}`;
}

// ---------------------------------------------------------------- rates

function rateRow(r: RateRecord, coachName: string | null, lang: Lang): CoachRateRowIn {
  return {
    id: r.id,
    coachId: r.coachId,
    coachName,
    scope: r.scope,
    mode: r.mode,
    lessonFen: r.lessonFen,
    freeAttendees: r.freeAttendees,
    attendeeFen: r.attendeeFen,
    sharePermille: r.sharePermille,
    minFen: r.minFen,
    maxFen: r.maxFen,
    effectiveFrom: r.effectiveFrom,
    summary: rateSummary(r, lang),
    version: r.version,
    updateTime: r.updatedAt,
  };
}

export async function listRates(db: Db, caller: Caller, q: CoachRateListQuery, lang: Lang) {
  const { total, rows } = await pageRates(db, scopeOf(caller), { coachId: q.coachId, scope: q.scope }, orderOf(q, rateSorts, rateDefaultOrder), pageOf(q));
  return { total, data: rows.map((r) => rateRow(r.rate, r.coachName, lang)) };
}

async function rateView(db: Db, scope: Scope, id: number, lang: Lang) {
  const r = await findRate(db, scope, id);
  if (!r) throw notFound();
  const coach = await findCoach(db, scope, r.coachId);
  return rateRow(r, coach?.name ?? null, lang);
}

function checkRate(v: { mode?: string; minFen?: number | null; maxFen?: number | null }) {
  if (v.minFen != null && v.maxFen != null && v.minFen > v.maxFen) throw invalid('maxFen', 'settlement.minAboveMax');
}

const RATE_UNIQUE = { sport_coach_rate_from_uq: ['effectiveFrom', 'field.effectiveFrom'] as [string, string] };

export async function addRate(db: Db, caller: Caller, input: CoachRateCreate, lang: Lang) {
  const scope = scopeOf(caller);
  const coach = await findCoach(db, scope, input.coachId);
  if (!coach) throw notFound();
  checkRate(input);
  const made = await mapDuplicate(insertRate(db, scope, { ...input, orgId: coach.orgId }), RATE_UNIQUE);
  return rateView(db, scope, made.id, lang);
}

export async function editRate(db: Db, caller: Caller, id: number, input: CoachRateUpdate, lang: Lang) {
  const scope = scopeOf(caller);
  const r = await findRate(db, scope, id);
  if (!r) throw notFound();
  const { version, ...values } = input;
  checkRate({ minFen: values.minFen === undefined ? r.minFen : values.minFen, maxFen: values.maxFen === undefined ? r.maxFen : values.maxFen });
  await mapDuplicate(updateRate(db, scope, id, version, values), RATE_UNIQUE);
  return rateView(db, scope, id, lang);
}

export async function deleteRates(db: Db, caller: Caller, ids: number[]) {
  const scope = scopeOf(caller);
  const removed = await removeRates(db, scope, ids);
  if (!removed) throw notFound();
  return { deleted: removed };
}

// ---------------------------------------------------------------- settlements

/** The lines of a coach's period, computed (one grouped query, then one amount per rate in force). */
async function computeLines(db: Db, scope: Scope, orgId: number, coachId: number, fromDay: string, toDay: string, timeZone: string) {
  const groups = await rateGroups(db, oneOrgScope(orgId), coachId, fromDay, toDay, timeZone);
  const uncovered = groups.find((g) => g.rateId === null);
  if (uncovered) throw conflict('state', uncovered.scope === 'course' ? 'settlement.noCourseRate' : 'settlement.noSparringRate', { day: uncovered.fromDay });
  const rates = new Map(
    (
      await ratesByIds(
        db,
        scope,
        groups.map((g) => g.rateId!),
      )
    ).map((r) => [r.id, r]),
  );
  return groups.map((g: RateGroup) => {
    const r = rates.get(g.rateId!)!;
    const figures = {
      scope: g.scope,
      mode: r.mode,
      lessons: g.lessons,
      attendees: g.attendees,
      extraAttendees: r.mode === 'attendee' ? g.extraAttendees : 0,
      revenueFen: g.revenueFen,
      lessonFen: r.mode === 'share' ? 0 : r.lessonFen,
      freeAttendees: r.mode === 'attendee' ? r.freeAttendees : 0,
      attendeeFen: r.mode === 'attendee' ? r.attendeeFen : 0,
      sharePermille: r.mode === 'share' ? r.sharePermille : 0,
      minFen: r.mode === 'share' ? r.minFen : null,
      maxFen: r.mode === 'share' ? r.maxFen : null,
    };
    return { ...figures, rateId: r.id, fromDay: g.fromDay, toDay: g.toDay, amountFen: amountOf(figures) };
  });
}

/** `POST course/settlement`: a draft settlement of the coach's period with its computed lines. */
export async function addSettlement(db: Db, caller: Caller, input: CoachSettlementCreate, lang: Lang) {
  const scope = scopeOf(caller);
  const coach = await findCoach(db, scope, input.coachId);
  if (!coach) throw notFound();
  if (input.fromDay > input.toDay) throw invalid('toDay', 'settlement.period');
  const id = await db.transaction(async (tx) => {
    await lockCoachSettlements(tx, oneOrgScope(coach.orgId), coach.id);
    const clash = await overlapping(tx, scope, coach.id, input.fromDay, input.toDay);
    if (clash) throw conflict('duplicate', 'settlement.overlap', { no: clash.no }, [{ field: 'fromDay', message: 'settlement.overlap' }]);
    const timeZone = await timeZoneOf(tx, coach.orgId);
    const lines = await computeLines(tx as unknown as Db, scope, coach.orgId, coach.id, input.fromDay, input.toDay, timeZone);
    const totalFen = lines.reduce((a, l) => a + l.amountFen, 0);
    const made = await insertSettlement(tx, scope, {
      orgId: coach.orgId,
      no: `JS${await nextDocNo(tx, timeZone)}`,
      coachId: coach.id,
      fromDay: input.fromDay,
      toDay: input.toDay,
      remark: input.remark ?? null,
      totalFen,
      createdBy: caller.userId,
    });
    await insertLines(
      tx,
      scope,
      lines.map((l) => ({ ...l, orgId: coach.orgId, settlementId: made.id })),
    );
    return made.id;
  });
  return getSettlement(db, caller, id, lang);
}

function lineOut(l: LineRecord, lang: Lang): CoachSettlementLineIn {
  return {
    id: l.id,
    scope: l.scope,
    mode: l.mode,
    fromDay: l.fromDay,
    toDay: l.toDay,
    lessons: l.lessons,
    attendees: l.attendees,
    extraAttendees: l.extraAttendees,
    revenueFen: l.revenueFen,
    formula: formulaOf(l, lang),
    amountFen: l.amountFen,
  };
}

type ListedRow = Awaited<ReturnType<typeof pageSettlements>>['rows'][number];
function settlementOut({ s, coachName, createdByName, approvedByName }: ListedRow): CoachSettlementRowIn {
  return {
    id: s.id,
    no: s.no,
    coachId: s.coachId,
    coachName,
    fromDay: s.fromDay,
    toDay: s.toDay,
    state: s.state,
    totalFen: s.totalFen,
    remark: s.remark,
    createdBy: s.createdBy,
    createdByName,
    approvedBy: s.approvedBy,
    approvedByName,
    approvedAt: s.approvedAt,
    ledgerTxnNo: s.ledgerTxnNo,
    paidAt: s.paidAt,
    payMethod: s.payMethod as CoachSettlementRowIn['payMethod'],
    payRef: s.payRef,
    version: s.version,
    createTime: s.createdAt,
  };
}

export async function listSettlements(db: Db, caller: Caller, q: CoachSettlementListQuery) {
  const { total, rows } = await pageSettlements(
    db,
    scopeOf(caller),
    { coachId: q.coachId, state: q.state, fromDay: q.fromDay, toDay: q.toDay },
    orderOf(q, settlementSorts, settlementDefaultOrder),
    pageOf(q),
  );
  return { total, data: rows.map(settlementOut) };
}

export async function getSettlement(db: Db, caller: Caller, id: number, lang: Lang): Promise<CoachSettlementDetailIn> {
  const scope = scopeOf(caller);
  const { rows } = await pageSettlements(db, scope, { id }, [], { limit: 1, offset: 0 });
  if (!rows[0]) throw notFound();
  return { ...settlementOut(rows[0]), lines: (await linesOf(db, scope, id)).map((l) => lineOut(l, lang)) };
}

/** The settlement in scope, or 100404; then why a conditional move did not happen: an old version, or the wrong state. */
async function mustFind(db: Db, scope: Scope, id: number): Promise<SettlementRecord> {
  const s = await findSettlement(db, scope, id);
  if (!s) throw notFound();
  return s;
}
function refuseMove(s: SettlementRecord, version: number, from: string): never {
  if (s.state === 'paid') throw conflict('state', 'settlement.paid');
  if (s.version !== version) throw staleVersion();
  throw conflict('state', from === 'draft' ? 'settlement.notDraft' : 'settlement.notApproved');
}

/** `POST course/settlement/{id}/approve`: by another user than its maker; posts the coach-payable entry of its total. */
export async function approveSettlement(db: Db, caller: Caller, id: number, version: number, lang: Lang) {
  const scope = scopeOf(caller);
  const s = await mustFind(db, scope, id);
  if (s.state !== 'draft' || s.version !== version) refuseMove(s, version, 'draft');
  if (s.createdBy === caller.userId) throw new AppError('FORBIDDEN', 'settlement.selfApproval');
  await db.transaction(async (tx) => {
    const at = new Date();
    const moved = await moveSettlement(tx, scope, id, version, 'draft', { state: 'approved', approvedBy: caller.userId, approvedAt: at });
    if (!moved) refuseMove(await mustFind(tx as unknown as Db, scope, id), version, 'draft');
    if (moved.totalFen > 0) {
      const txnNo = await postByRule(tx, scope, settlementRules.approve, { orgId: moved.orgId, amountFen: moved.totalFen, at });
      await moveSettlement(tx, scope, id, moved.version, 'approved', { ledgerTxnNo: txnNo });
    }
  });
  return getSettlement(db, caller, id, lang);
}

/** `POST course/settlement/{id}/pay`: records how (cash or transfer) and when it was paid; the coach-payable debt is settled in the ledger. */
export async function paySettlement(db: Db, caller: Caller, id: number, input: CoachSettlementPay, lang: Lang) {
  const scope = scopeOf(caller);
  const s = await mustFind(db, scope, id);
  if (s.state !== 'approved' || s.version !== input.version) refuseMove(s, input.version, 'approved');
  const paidAt = input.paidAt ?? new Date();
  if (paidAt.getTime() > Date.now() + 60_000) throw invalid('paidAt', 'settlement.paidInFuture');
  await db.transaction(async (tx) => {
    const moved = await moveSettlement(tx, scope, id, input.version, 'approved', {
      state: 'paid',
      paidBy: caller.userId,
      paidAt,
      payMethod: input.method,
      payRef: input.payRef ?? null,
    });
    if (!moved) refuseMove(await mustFind(tx as unknown as Db, scope, id), input.version, 'approved');
    if (moved.totalFen > 0) {
      const rule = input.method === 'cash' ? settlementRules.payCash : settlementRules.payTransfer;
      const txnNo = await postByRule(tx, scope, rule, { orgId: moved.orgId, amountFen: moved.totalFen, at: paidAt });
      await moveSettlement(tx, scope, id, moved.version, 'paid', { payTxnNo: txnNo });
    }
  });
  return getSettlement(db, caller, id, lang);
}

/** `DELETE course/settlement/{ids}`: drafts only; an approved or paid settlement answers a conflict and nothing goes. */
export async function deleteSettlements(db: Db, caller: Caller, ids: number[]) {
  const scope = scopeOf(caller);
  const found = await findSettlements(db, scope, ids);
  if (found.length < new Set(ids).size) throw notFound();
  const kept = found.find((s) => s.state !== 'draft');
  if (kept) throw conflict('state', kept.state === 'paid' ? 'settlement.paid' : 'settlement.notDraft');
  const gone = await db.transaction(async (tx) => {
    const gone = await removeDrafts(tx, scope, ids);
    if (gone.length < found.length) throw conflict('state', 'settlement.notDraft');
    return gone;
  });
  return { deleted: gone.length };
}

/** `POST course/settlement/{id}/recompute`: a draft's lines computed again (lessons done or attendance taken since). */
export async function recomputeSettlement(db: Db, caller: Caller, id: number, version: number, lang: Lang) {
  const scope = scopeOf(caller);
  const s = await mustFind(db, scope, id);
  if (s.state !== 'draft' || s.version !== version) refuseMove(s, version, 'draft');
  await db.transaction(async (tx) => {
    const timeZone = await timeZoneOf(tx, s.orgId);
    const lines = await computeLines(tx as unknown as Db, scope, s.orgId, s.coachId, s.fromDay, s.toDay, timeZone);
    const moved = await moveSettlement(tx, scope, id, version, 'draft', { totalFen: lines.reduce((a, l) => a + l.amountFen, 0) });
    if (!moved) refuseMove(await mustFind(tx as unknown as Db, scope, id), version, 'draft');
    await replaceLines(
      tx,
      scope,
      id,
      lines.map((l) => ({ ...l, orgId: s.orgId, settlementId: id })),
    );
  });
  return getSettlement(db, caller, id, lang);
}

// ---------------------------------------------------------------- export

const t2 = (zh: string, en: string): LocalText => ({ 'zh-CN': zh, 'en-US': en });
const STATE_TEXT: Record<string, LocalText> = { draft: t2('草稿', 'Draft'), approved: t2('已审批', 'Approved'), paid: t2('已支付', 'Paid') };
const sheet: SheetColumn[] = [
  { key: 'no', title: t2('结算单号', 'Settlement no.') },
  { key: 'coachName', title: t2('教练', 'Coach') },
  { key: 'fromDay', title: t2('开始日期', 'From'), date: true },
  { key: 'toDay', title: t2('结束日期', 'To'), date: true },
  { key: 'state', title: t2('状态', 'State'), options: Object.entries(STATE_TEXT).map(([value, label]) => ({ value, label })) },
  { key: 'total', title: t2('金额（元）', 'Amount (¥)') },
  { key: 'formulas', title: t2('计算明细', 'Formulas') },
  { key: 'payMethod', title: t2('支付方式', 'Paid by') },
  { key: 'paidAt', title: t2('支付时间', 'Paid at') },
];

export async function exportSettlements(db: Db, caller: Caller, q: Omit<CoachSettlementListQuery, 'pageNum' | 'pageSize'>, lang: Lang) {
  const scope = scopeOf(caller);
  const { rows } = await pageSettlements(
    db,
    scope,
    { coachId: q.coachId, state: q.state, fromDay: q.fromDay, toDay: q.toDay },
    orderOf(q, settlementSorts, settlementDefaultOrder),
    {
      limit: 5000,
      offset: 0,
    },
  );
  const data = [];
  for (const r of rows) {
    const lines = await linesOf(db, scope, r.s.id);
    data.push({
      ...settlementOut(r),
      total: (r.s.totalFen / 100).toFixed(2),
      formulas: lines.map((l) => `${formulaOf(l, lang)} = ${yuan(l.amountFen)}`).join('; '),
      payMethod: r.s.payMethod ? (r.s.payMethod === 'cash' ? t2('现金', 'Cash') : t2('转账', 'Transfer'))[lang] : '',
      paidAt: r.s.paidAt ? r.s.paidAt.toISOString() : '',
    });
  }
  return rowsXlsx(sheet, data, lang, lang === 'zh-CN' ? '教练课酬结算' : 'coach-settlements', lang === 'zh-CN' ? '教练结算' : 'Coach settlements');
}
