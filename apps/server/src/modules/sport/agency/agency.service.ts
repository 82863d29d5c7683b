import { createHash } from 'node:crypto';
import {
  AGENCY_PARTIES,
  type AgencyContractCreate,
  type AgencyContractDefaults,
  type AgencyContractListQuery,
  type AgencyContractUpdate,
  type AgencyKindLine,
  type AgencyParty,
  type AgencyPartyListQuery,
  type AgencyPartyRow,
  type AgencyStatementListQuery,
} from '@venue/contract';
import type { Db, Executor } from '../../../platform/db.ts';
import { conflict, invalid, notFound, staleVersion } from '../../../platform/errors.ts';
import type { Caller } from '../../../platform/http.ts';
import { t } from '../../../platform/i18n.ts';
import { pageOf } from '../../../platform/list.ts';
import { scopeOf, type Scope } from '../../../platform/scope.ts';
import type { Lang } from '../../../platform/i18n.ts';
import { dayIn } from '../../../platform/zone.ts';
import { timeZoneOf, venuePeriodFlow } from '../commerce/index.ts';
import { addDays, findVenue, venueInScope, weekdayOf } from '../venue/index.ts';
import {
  findContract,
  findContracts,
  findStatement,
  findStatementListed,
  insertContract,
  insertStatement,
  lockStatementOfPeriod,
  moveStatement,
  pageContracts,
  pageStatements,
  removeContractRows,
  statementsOfContracts,
  updateContract,
  type ContractRecord,
  type StatementFigures,
  type StatementFilter,
  type StatementListed,
  type StatementRecord,
} from './agency.repository.ts';
import { sharesAddUp, splitShares, type Bps } from './agency.split.ts';
import './agency.messages.ts';

/**
 * Tripartite agency (docs/decisions.md, "Tripartite agency"): contracts share a venue's takings
 * between the platform, the venue and a partner; a statement per settlement period reads the
 * ledger through the commerce facade and keeps the figures it computed (with the ledger range it
 * read), recomputed while draft; approved, it never changes; paid, it carries the payment's
 * reference. Every state change is one conditional write from the state it leaves.
 */

// ---------------------------------------------------------------- periods

/** The settlement period holding `day`: its calendar month, or its week from Monday to Sunday. */
export function periodOf(period: string, day: string): { start: string; end: string } {
  if (period === 'weekly') {
    const start = addDays(day, 1 - weekdayOf(day));
    return { start, end: addDays(start, 6) };
  }
  const start = `${day.slice(0, 8)}01`;
  const [y, m] = [Number(day.slice(0, 4)), Number(day.slice(5, 7))];
  const nextMonth = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return { start, end: addDays(nextMonth, -1) };
}

// ---------------------------------------------------------------- contracts

const contractRowOf = (r: Awaited<ReturnType<typeof pageContracts>>['rows'][number]) => r;

async function checkContract(v: Partial<AgencyContractCreate>, current?: ContractRecord): Promise<void> {
  const given = [v.platformBp, v.venueBp, v.partnerBp].filter((x) => x !== undefined).length;
  if (given && given < 3) throw invalid('partnerBp', 'agency.sharesPartial');
  if (given && !sharesAddUp(v as Bps)) throw invalid('partnerBp', 'agency.sharesSum');
  const seen = new Set<string>();
  (v.kindShares ?? []).forEach((k, i) => {
    if (!sharesAddUp(k)) throw invalid(`kindShares.${i}.partnerBp`, 'agency.sharesSum');
    if (seen.has(k.kind)) throw invalid(`kindShares.${i}.kind`, 'agency.kindTwice', { kind: k.kind });
    seen.add(k.kind);
  });
  const from = v.validFrom ?? current?.validFrom;
  const to = v.validTo === undefined ? current?.validTo : v.validTo;
  if (from && to && to < from) throw invalid('validTo', 'agency.validTo');
}

/** A new contract's shares: the venue's service contract gives the platform its commission, the rest is the venue's. */
export async function contractDefaults(db: Db, caller: Caller, venueId: number): Promise<AgencyContractDefaults> {
  return defaultsOf(db, scopeOf(caller), venueId);
}

async function defaultsOf(db: Executor, scope: Scope, venueId: number): Promise<AgencyContractDefaults> {
  const venue = await findVenue(db, scope, venueId);
  if (!venue) throw notFound();
  const pct = venue.commissionPercent;
  if (!pct) return { platformBp: 0, venueBp: 10_000, partnerBp: 0, validFrom: venue.contractFrom, validTo: venue.contractTo, source: 'none' };
  return {
    platformBp: pct * 100,
    venueBp: 10_000 - pct * 100,
    partnerBp: 0,
    validFrom: venue.contractFrom,
    validTo: venue.contractTo,
    source: 'venueContract',
  };
}

export async function getContract(db: Db, caller: Caller, id: number) {
  const { rows } = await pageContracts(db, scopeOf(caller), { id }, { limit: 1, offset: 0 });
  if (!rows[0]) throw notFound();
  return contractRowOf(rows[0]);
}

export async function listContracts(db: Db, caller: Caller, q: AgencyContractListQuery) {
  const { total, rows } = await pageContracts(db, scopeOf(caller), { venueId: q.stadiumId, name: q.name, period: q.period }, pageOf(q));
  return { total, data: rows.map(contractRowOf) };
}

export async function addContract(db: Db, caller: Caller, input: AgencyContractCreate) {
  const scope = scopeOf(caller);
  const venue = await venueInScope(db, scope, input.stadiumId);
  await checkContract(input);
  const { stadiumId, platformBp, venueBp, partnerBp, ...values } = input;
  // No shares given: the venue's service contract commission seeds them.
  const shares = platformBp === undefined ? await defaultsOf(db, scope, stadiumId) : { platformBp, venueBp: venueBp ?? 0, partnerBp: partnerBp ?? 0 };
  const made = await insertContract(db, scope, {
    ...values,
    orgId: venue.orgId,
    venueId: venue.id,
    platformBp: shares.platformBp,
    venueBp: shares.venueBp,
    partnerBp: shares.partnerBp,
    kindShares: values.kindShares ?? [],
    validTo: values.validTo ?? null,
    remark: values.remark ?? null,
  });
  return getContract(db, caller, made.id);
}

export async function editContract(db: Db, caller: Caller, id: number, input: AgencyContractUpdate) {
  const scope = scopeOf(caller);
  const current = await findContract(db, scope, id);
  if (!current) throw notFound();
  await checkContract(input, current);
  if (input.period !== undefined && input.period !== current.period && (await statementsOfContracts(db, scope, [id])))
    throw conflict('state', 'agency.periodInUse');
  const { version, ...values } = input;
  await updateContract(db, scope, id, version, values);
  return getContract(db, caller, id);
}

export async function removeContracts(db: Db, caller: Caller, ids: number[]) {
  const scope = scopeOf(caller);
  // Another organisation's contract answers 100404, as one that does not exist.
  if ((await findContracts(db, scope, ids)).length !== new Set(ids).size) throw notFound();
  if (await statementsOfContracts(db, scope, ids)) throw conflict('state', 'agency.hasStatements');
  return { deleted: await removeContractRows(db, scope, ids) };
}

// ---------------------------------------------------------------- statements

const sharesOf = (c: ContractRecord, kind: string): Bps => c.kindShares.find((k) => k.kind === kind) ?? c;

/**
 * The figures of a contract's period from the ledger (through the commerce facade): per item kind
 * (by name), gross in and refunds out, the net split between the parties by the kind's shares
 * (largest remainder); the platform's part is the fee. Totals are sums of the lines, so every
 * figure adds up to the fen.
 */
export async function figuresOf(db: Executor, scope: Scope, c: ContractRecord, fromDay: string, toDay: string): Promise<StatementFigures> {
  const flow = await venuePeriodFlow(db, scope, c.orgId, c.venueId, fromDay, toDay);
  const byKind: AgencyKindLine[] = Object.keys(flow.byKind)
    .sort()
    .map((kind) => {
      const { grossFen, refundFen } = flow.byKind[kind]!;
      const shares = sharesOf(c, kind);
      const netFen = grossFen - refundFen;
      const parts = splitShares(netFen, shares);
      return {
        kind,
        grossFen,
        refundFen,
        feeFen: parts.platform,
        netFen,
        platformFen: parts.platform,
        venueFen: parts.venue,
        partnerFen: parts.partner,
        platformBp: shares.platformBp,
        venueBp: shares.venueBp,
        partnerBp: shares.partnerBp,
      };
    });
  const sum = (k: keyof AgencyKindLine) => byKind.reduce((a, l) => a + (l[k] as number), 0);
  const totals = {
    grossFen: sum('grossFen'),
    refundFen: sum('refundFen'),
    feeFen: sum('feeFen'),
    netFen: sum('netFen'),
    platformFen: sum('platformFen'),
    venueFen: sum('venueFen'),
    partnerFen: sum('partnerFen'),
  };
  const digest = createHash('sha256')
    .update(JSON.stringify({ contract: c.id, fromDay, toDay, byKind, totals, ledger: flow.ledger }))
    .digest('hex');
  return {
    byKind,
    ...totals,
    ledgerFirstId: flow.ledger.firstId,
    ledgerLastId: flow.ledger.lastId,
    ledgerEntries: flow.ledger.entries,
    digest,
    computedAt: new Date(),
  };
}

/** The days of a period the contract counts: the period within its validity (undefined: none). */
function daysOf(c: ContractRecord, p: { start: string; end: string }) {
  const fromDay = p.start > c.validFrom ? p.start : c.validFrom;
  const toDay = c.validTo && c.validTo < p.end ? c.validTo : p.end;
  return fromDay <= toDay ? { fromDay, toDay } : undefined;
}

/**
 * `POST {sport}agency/statement/compute`: the statement of the period holding `day` (default:
 * today in the venue organisation's zone, the ledger's business day), made, or brought up to the
 * ledger while draft; an approved or paid one is answered as it is. Racing first computations make
 * one statement (unique contract and period; the loser brings the winner's up to date).
 */
export async function computeStatement(db: Db, caller: Caller, input: { contractId: number; day?: string | null | undefined }) {
  const scope = scopeOf(caller);
  const c = await findContract(db, scope, input.contractId);
  if (!c) throw notFound();
  const today = dayIn(new Date(), await timeZoneOf(db, c.orgId));
  // A period that has not begun has no ledger yet: nothing to compute.
  if (input.day && input.day > today) throw invalid('day', 'agency.dayAhead', { day: input.day });
  const made = await computePeriod(db, scope, c, input.day ?? today);
  return getStatement(db, caller, made.id);
}

export async function computePeriod(db: Db, scope: Scope, c: ContractRecord, day: string): Promise<StatementRecord> {
  const p = periodOf(c.period, day);
  const days = daysOf(c, p);
  if (!days) throw invalid('day', 'agency.outsideValidity', { day });
  return db.transaction(async (tx) => {
    const known = await lockStatementOfPeriod(tx, scope, c.id, p.start);
    if (known && known.state !== 'draft') return known;
    const figures = await figuresOf(tx, scope, c, days.fromDay, days.toDay);
    if (known) return (await moveStatement(tx, scope, known.id, 'draft', undefined, { ...figures, ...days }))!;
    const made = await insertStatement(tx, scope, {
      orgId: c.orgId,
      contractId: c.id,
      venueId: c.venueId,
      periodStart: p.start,
      periodEnd: p.end,
      ...days,
      ...figures,
    });
    if (made) return made;
    const raced = (await lockStatementOfPeriod(tx, scope, c.id, p.start))!;
    if (raced.state !== 'draft') return raced;
    return (await moveStatement(tx, scope, raced.id, 'draft', undefined, figures))!;
  });
}

/** Why a conditional write found nothing: the statement moved on (`state`), or the caller's version is old (`stale`). */
async function lostMove(db: Executor, scope: Scope, id: number, wanted: 'draft' | 'approved') {
  const now = await findStatement(db, scope, id);
  if (!now) return notFound();
  if (now.state !== wanted) return conflict('state', wanted === 'draft' ? 'agency.notDraft' : 'agency.notApproved');
  return staleVersion();
}

/**
 * `POST {sport}agency/statement/{id}/approve`: once its period is over in the venue's zone, an
 * operator approves the statement at the ledger's figures of that moment. One conditional write
 * from `draft` at the caller's version: of two racing approvals exactly one wins, the other
 * answers 100409 `state`.
 */
export async function approveStatement(db: Db, caller: Caller, id: number, input: { version: number }) {
  await approveAs(db, scopeOf(caller), id, caller.userId, input.version);
  return getStatement(db, caller, id);
}

export async function approveAs(db: Db, scope: Scope, id: number, userId: number, version?: number): Promise<void> {
  await db.transaction(async (tx) => {
    const s = await findStatement(tx, scope, id);
    if (!s) throw notFound();
    if (s.state !== 'draft') throw conflict('state', 'agency.notDraft');
    if (version !== undefined && s.version !== version) throw staleVersion();
    const c = (await findContract(tx, scope, s.contractId))!;
    if (s.periodEnd >= dayIn(new Date(), await timeZoneOf(tx, s.orgId))) throw invalid('id', 'agency.periodNotOver', { day: s.periodEnd });
    const figures = await figuresOf(tx, scope, c, s.fromDay, s.toDay);
    const moved = await moveStatement(tx, scope, id, 'draft', s.version, { ...figures, state: 'approved', approvedBy: userId, approvedAt: new Date() });
    if (!moved) throw await lostMove(tx, scope, id, 'draft');
  });
}

/** `POST {sport}agency/statement/{id}/pay`: an approved statement is marked paid with the payment's reference (one conditional write from `approved`). */
export async function payStatement(db: Db, caller: Caller, id: number, input: { version: number; paymentRef: string }) {
  await payAs(db, scopeOf(caller), id, caller.userId, input.paymentRef, input.version);
  return getStatement(db, caller, id);
}

export async function payAs(db: Db, scope: Scope, id: number, userId: number, paymentRef: string, version?: number): Promise<void> {
  const s = await findStatement(db, scope, id);
  if (!s) throw notFound();
  if (s.state !== 'approved') throw conflict('state', 'agency.notApproved');
  if (version !== undefined && s.version !== version) throw staleVersion();
  const moved = await moveStatement(db, scope, id, 'approved', s.version, { state: 'paid', paymentRef, paidBy: userId, paidAt: new Date() });
  if (!moved) throw await lostMove(db, scope, id, 'approved');
}

const statementRowOf = ({ byKind: _k, fromDay: _f, toDay: _t, ledgerFirstId: _lf, ledgerLastId: _ll, ledgerEntries: _le, digest: _d, ...r }: StatementListed) =>
  r;

const filterOf = (q: AgencyStatementListQuery): StatementFilter => ({
  venueId: q.stadiumId,
  contractId: q.contractId,
  state: q.state,
  fromDay: q.fromDay ?? undefined,
  toDay: q.toDay ?? undefined,
});

export async function listStatements(db: Db, caller: Caller, q: AgencyStatementListQuery) {
  const { total, rows } = await pageStatements(db, scopeOf(caller), filterOf(q), pageOf(q));
  return { total, data: rows.map(statementRowOf) };
}

export async function getStatement(db: Db, caller: Caller, id: number) {
  const s = await findStatementListed(db, scopeOf(caller), id);
  if (!s) throw notFound();
  const { byKind, fromDay, toDay, ledgerFirstId, ledgerLastId, ledgerEntries, digest } = s;
  return { ...statementRowOf(s), byKind, fromDay, toDay, ledgerFirstId, ledgerLastId, ledgerEntries, digest, timeZone: await timeZoneOf(db, s.orgId) };
}

// ---------------------------------------------------------------- the settlement report: one row per party and period

const partyFen = (s: StatementListed, p: AgencyParty) => (p === 'platform' ? s.platformFen : p === 'venue' ? s.venueFen : s.partnerFen);

function partyRowOf(s: StatementListed, party: AgencyParty, lang: Lang): AgencyPartyRow {
  return {
    key: `${s.id}-${party}`,
    statementId: s.id,
    party,
    partyName: party === 'platform' ? t(lang, 'agency.platform') : party === 'venue' ? s.stadiumName : s.partnerName,
    stadiumName: s.stadiumName,
    contractName: s.contractName,
    periodStart: s.periodStart,
    periodEnd: s.periodEnd,
    shareFen: partyFen(s, party),
    state: s.state as AgencyPartyRow['state'],
    paymentRef: s.paymentRef,
    version: s.version,
  };
}

/**
 * `POST {sport}agency/party/list`: each statement's three parties (or the one asked for) as rows;
 * row k of the list is statement k / 3's party k mod 3, so paging is exact.
 */
export async function listParties(db: Db, caller: Caller, q: AgencyPartyListQuery, lang: Lang) {
  const scope = scopeOf(caller);
  const { limit, offset } = pageOf(q);
  if (q.party) {
    const { total, rows } = await pageStatements(db, scope, filterOf(q), { limit, offset });
    return { total, data: rows.map((s) => partyRowOf(s, q.party!, lang)) };
  }
  const n = AGENCY_PARTIES.length;
  const first = Math.floor(offset / n);
  const last = Math.floor((offset + limit - 1) / n);
  const { total, rows } = await pageStatements(db, scope, filterOf(q), { limit: last - first + 1, offset: first });
  const all = rows.flatMap((s) => AGENCY_PARTIES.map((p) => partyRowOf(s, p, lang)));
  return { total: total * n, data: all.slice(offset - first * n, offset - first * n + limit) };
}
