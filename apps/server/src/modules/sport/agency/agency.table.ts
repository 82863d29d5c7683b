import { sql } from 'drizzle-orm';
import { bigint, check, date, foreignKey, index, integer, jsonb, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { orgId, users } from '../../system/index.ts';
import { venues } from '../venue/index.ts';
import { createdAt, id, updatedAt, version } from '../../../platform/columns.ts';

/** Shares for one item kind (basis points of the three parties, adding up to 10000). */
export interface KindShares {
  kind: string;
  platformBp: number;
  venueBp: number;
  partnerBp: number;
}

/** One item kind's line of a statement (fen). */
export interface KindLine extends KindShares {
  grossFen: number;
  refundFen: number;
  feeFen: number;
  netFen: number;
  platformFen: number;
  venueFen: number;
  partnerFen: number;
}

/**
 * A tripartite agency contract (issue 29): the platform, a venue and a partner share the venue's
 * takings, in basis points adding up to 10000, optionally per item kind, over a validity and per
 * settlement period (a week or a calendar month of the venue's business days).
 */
export const agencyContracts = pgTable(
  'sport_agency_contract',
  {
    id: id(),
    orgId: orgId(),
    venueId: bigint('venue_id', { mode: 'number' }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    partnerName: varchar('partner_name', { length: 64 }).notNull(),
    platformBp: smallint('platform_bp').notNull(),
    venueBp: smallint('venue_bp').notNull(),
    partnerBp: smallint('partner_bp').notNull(),
    kindShares: jsonb('kind_shares').$type<KindShares[]>().notNull().default([]),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }),
    /** monthly | weekly. */
    period: varchar('period', { length: 8 }).notNull(),
    remark: varchar('remark', { length: 200 }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sport_agency_contract_org_id_uq').on(t.orgId, t.id),
    index('sport_agency_contract_venue_idx').on(t.venueId),
    foreignKey({ name: 'sport_agency_contract_venue_org_fk', columns: [t.orgId, t.venueId], foreignColumns: [venues.orgId, venues.id] }),
    check(
      'sport_agency_contract_shares',
      sql`${t.platformBp} >= 0 and ${t.venueBp} >= 0 and ${t.partnerBp} >= 0 and ${t.platformBp} + ${t.venueBp} + ${t.partnerBp} = 10000`,
    ),
    check('sport_agency_contract_period', sql`${t.period} in ('monthly','weekly')`),
    check('sport_agency_contract_valid', sql`${t.validTo} is null or ${t.validTo} >= ${t.validFrom}`),
  ],
);

/**
 * A contract's statement of one settlement period: the liquidation (gross, refunds, fees, net by
 * item kind) and each party's share, computed from the ledger for the venue's business days and
 * kept as a snapshot with the range of ledger entries it read. Draft, it follows the ledger;
 * approved, it never changes; paid carries the payment's reference.
 */
export const agencyStatements = pgTable(
  'sport_agency_statement',
  {
    id: id(),
    orgId: orgId(),
    contractId: bigint('contract_id', { mode: 'number' }).notNull(),
    venueId: bigint('venue_id', { mode: 'number' }).notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    /** The days counted: the period within the contract's validity. */
    fromDay: date('from_day', { mode: 'string' }).notNull(),
    toDay: date('to_day', { mode: 'string' }).notNull(),
    /** draft | approved | paid. */
    state: varchar('state', { length: 8 }).notNull().default('draft'),
    byKind: jsonb('by_kind').$type<KindLine[]>().notNull(),
    grossFen: bigint('gross_fen', { mode: 'number' }).notNull(),
    refundFen: bigint('refund_fen', { mode: 'number' }).notNull(),
    feeFen: bigint('fee_fen', { mode: 'number' }).notNull(),
    netFen: bigint('net_fen', { mode: 'number' }).notNull(),
    platformFen: bigint('platform_fen', { mode: 'number' }).notNull(),
    venueFen: bigint('venue_fen', { mode: 'number' }).notNull(),
    partnerFen: bigint('partner_fen', { mode: 'number' }).notNull(),
    ledgerFirstId: bigint('ledger_first_id', { mode: 'number' }),
    ledgerLastId: bigint('ledger_last_id', { mode: 'number' }),
    ledgerEntries: integer('ledger_entries').notNull(),
    /** sha256 of the figures and the ledger reference: what the operator approved. */
    digest: varchar('digest', { length: 64 }).notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
    approvedBy: bigint('approved_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    paidBy: bigint('paid_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paymentRef: varchar('payment_ref', { length: 64 }),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sport_agency_statement_org_id_uq').on(t.orgId, t.id),
    // One statement per contract and period: a second compute, or a racing one, answers the first.
    uniqueIndex('sport_agency_statement_period_uq').on(t.contractId, t.periodStart),
    index('sport_agency_statement_org_period_idx').on(t.orgId, t.periodStart),
    foreignKey({
      name: 'sport_agency_statement_contract_org_fk',
      columns: [t.orgId, t.contractId],
      foreignColumns: [agencyContracts.orgId, agencyContracts.id],
    }),
    foreignKey({ name: 'sport_agency_statement_venue_org_fk', columns: [t.orgId, t.venueId], foreignColumns: [venues.orgId, venues.id] }),
    check('sport_agency_statement_state', sql`${t.state} in ('draft','approved','paid')`),
    check('sport_agency_statement_approved', sql`(${t.state} = 'draft') = (${t.approvedAt} is null)`),
    check('sport_agency_statement_paid', sql`(${t.state} = 'paid') = (${t.paidAt} is not null and ${t.paymentRef} is not null)`),
    check(
      'sport_agency_statement_parts',
      sql`${t.platformFen} + ${t.venueFen} + ${t.partnerFen} = ${t.netFen} and ${t.grossFen} - ${t.refundFen} = ${t.netFen}`,
    ),
  ],
);
