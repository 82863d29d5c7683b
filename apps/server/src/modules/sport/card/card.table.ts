import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, foreignKey, index, integer, jsonb, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { orgId, userRef } from '../../system/index.ts';
import { balanceAccounts, orders, payments, refunds } from '../commerce/index.ts';
import { members } from '../member/index.ts';
import { createdAt, id, version } from '../../../platform/columns.ts';

/**
 * Member cards (issue 12). A card type says what a card is worth (stored value, a number of
 * uses, or a period) and where and when it applies; a card is one member's, sold through the
 * commerce core. A stored-value card's money lives in a commerce balance account, so every
 * change of it is a ledger entry; uses of times and periods are counted here. Every debit and
 * credit of a card is a usage row, every change of its terms a log row.
 */
const at = (name: string) => timestamp(name, { withTimezone: true });

export interface CardTimeBand {
  from: string;
  to: string;
}
export interface CardDiscount {
  /** A venue price rule (null: every rule of the card's venues). */
  priceRuleId: number | null;
  /** Percent of the rule's price paid, 1–100. */
  percent: number;
}
export interface RechargeBonus {
  /** Recharging at least this much … */
  minFen: number;
  /** … adds this much. */
  bonusFen: number;
}

export const cardTypes = pgTable(
  'sport_card_type',
  {
    id: id(),
    orgId: orgId(),
    name: varchar('name', { length: 64 }).notNull(),
    /** value | times | period. */
    kind: varchar('kind', { length: 8 }).notNull(),
    /** What the card sells for. */
    priceFen: bigint('price_fen', { mode: 'number' }).notNull().default(0),
    /** Value cards: what the sale puts on the card. */
    faceValueFen: bigint('face_value_fen', { mode: 'number' }).notNull().default(0),
    rechargeBonus: jsonb('recharge_bonus').$type<RechargeBonus[]>().notNull().default([]),
    /** Times cards: uses sold. */
    times: integer('times'),
    /** Days a card stays valid from activation (null: no end). */
    validDays: integer('valid_days'),
    /** Period (and times) cards: at most this many uses per day / per week (null: no limit). */
    perDay: integer('per_day'),
    perWeek: integer('per_week'),
    /** Where and when it applies ([]: everywhere, any sport, all day). */
    venueIds: jsonb('venue_ids').$type<number[]>().notNull().default([]),
    sports: jsonb('sports').$type<string[]>().notNull().default([]),
    timeBands: jsonb('time_bands').$type<CardTimeBand[]>().notNull().default([]),
    /** The member level a holder is priced at by the venue price rules (the one rule engine). */
    level: varchar('level', { length: 32 }),
    discounts: jsonb('discounts').$type<CardDiscount[]>().notNull().default([]),
    /** A frozen card's end moves by the days it was frozen. */
    freezeExtends: boolean('freeze_extends').notNull().default(true),
    maxSharers: smallint('max_sharers').notNull().default(0),
    /** 0 on sale, 1 off sale. */
    status: smallint('status').notNull().default(0),
    remark: varchar('remark', { length: 200 }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sport_card_type_org_id_uq').on(t.orgId, t.id),
    uniqueIndex('sport_card_type_org_name_uq').on(t.orgId, t.name),
    check('sport_card_type_kind', sql`${t.kind} in ('value','times','period')`),
    check(
      'sport_card_type_amounts',
      sql`${t.priceFen} >= 0 and ${t.faceValueFen} >= 0 and (${t.times} is null or ${t.times} > 0) and (${t.validDays} is null or ${t.validDays} > 0)`,
    ),
  ],
);

export const memberCards = pgTable(
  'sport_member_card',
  {
    id: id(),
    orgId: orgId(),
    cardNo: varchar('card_no', { length: 32 }).notNull(),
    typeId: bigint('type_id', { mode: 'number' }).notNull(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    kind: varchar('kind', { length: 8 }).notNull(),
    /** Value cards: the commerce balance account holding the money. */
    accountId: bigint('account_id', { mode: 'number' }),
    timesTotal: integer('times_total'),
    timesLeft: integer('times_left'),
    validFrom: date('valid_from', { mode: 'string' }),
    validTo: date('valid_to', { mode: 'string' }),
    /** pending (sold, not paid) | active | frozen | refunded | cancelled. */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    frozenAt: at('frozen_at'),
    frozenDays: integer('frozen_days').notNull().default(0),
    /** The salesperson responsible. */
    managerId: userRef('manager_id'),
    /** Usage rules of this card where they differ from its type's (per day/week, bands, venues, sports). */
    rules: jsonb('rules').$type<Record<string, unknown>>().notNull().default({}),
    /** The order that sold it. */
    orderId: bigint('order_id', { mode: 'number' }),
    remark: varchar('remark', { length: 200 }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ name: 'sport_member_card_order_id_org_fk', columns: [t.orgId, t.orderId], foreignColumns: [orders.orgId, orders.id] }),
    foreignKey({ name: 'sport_member_card_account_id_org_fk', columns: [t.orgId, t.accountId], foreignColumns: [balanceAccounts.orgId, balanceAccounts.id] }),
    foreignKey({ name: 'sport_member_card_member_id_org_fk', columns: [t.orgId, t.memberId], foreignColumns: [members.orgId, members.id] }),
    foreignKey({ name: 'sport_member_card_type_id_org_fk', columns: [t.orgId, t.typeId], foreignColumns: [cardTypes.orgId, cardTypes.id] }),
    uniqueIndex('sport_member_card_org_id_uq').on(t.orgId, t.id),
    uniqueIndex('sport_member_card_no_uq').on(t.orgId, t.cardNo),
    index('sport_member_card_member_idx').on(t.memberId),
    index('sport_member_card_account_idx').on(t.accountId),
    index('sport_member_card_org_idx').on(t.orgId, t.createdAt),
    check('sport_member_card_times', sql`${t.timesLeft} is null or (${t.timesLeft} >= 0 and ${t.timesLeft} <= ${t.timesTotal})`),
    check('sport_member_card_status', sql`${t.status} in ('pending','active','frozen','refunded','cancelled')`),
  ],
);

/** Every debit and credit of a card (usage record): money in fen for value cards, uses for times cards. */
export const cardUsages = pgTable(
  'sport_card_usage',
  {
    id: id(),
    orgId: orgId(),
    cardId: bigint('card_id', { mode: 'number' }).notNull(),
    /** Who used it (the owner, a sharer or an entrant). */
    memberId: bigint('member_id', { mode: 'number' }),
    /** sale | recharge | bonus | pay | refund | checkin | distribute | adjust. */
    kind: varchar('kind', { length: 16 }).notNull(),
    /** Signed: credits positive, debits negative. */
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull().default(0),
    times: integer('times').notNull().default(0),
    balanceAfterFen: bigint('balance_after_fen', { mode: 'number' }),
    timesAfter: integer('times_after'),
    orderId: bigint('order_id', { mode: 'number' }),
    paymentId: bigint('payment_id', { mode: 'number' }),
    refundId: bigint('refund_id', { mode: 'number' }),
    remark: varchar('remark', { length: 200 }),
    operatorId: userRef('operator_id'),
    businessDay: date('business_day', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ name: 'sport_card_usage_refund_id_org_fk', columns: [t.orgId, t.refundId], foreignColumns: [refunds.orgId, refunds.id] }),
    foreignKey({ name: 'sport_card_usage_payment_id_org_fk', columns: [t.orgId, t.paymentId], foreignColumns: [payments.orgId, payments.id] }),
    foreignKey({ name: 'sport_card_usage_order_id_org_fk', columns: [t.orgId, t.orderId], foreignColumns: [orders.orgId, orders.id] }),
    foreignKey({ name: 'sport_card_usage_member_id_org_fk', columns: [t.orgId, t.memberId], foreignColumns: [members.orgId, members.id] }),
    foreignKey({ name: 'sport_card_usage_card_id_org_fk', columns: [t.orgId, t.cardId], foreignColumns: [memberCards.orgId, memberCards.id] }),
    index('sport_card_usage_card_idx').on(t.cardId, t.createdAt),
    index('sport_card_usage_org_day_idx').on(t.orgId, t.businessDay),
    index('sport_card_usage_payment_idx').on(t.paymentId),
  ],
);

/** A card's owner lets another member pay with it, up to a limit. */
export const cardShares = pgTable(
  'sport_card_share',
  {
    id: id(),
    orgId: orgId(),
    cardId: bigint('card_id', { mode: 'number' }).notNull(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    limitFen: bigint('limit_fen', { mode: 'number' }),
    limitTimes: integer('limit_times'),
    usedFen: bigint('used_fen', { mode: 'number' }).notNull().default(0),
    usedTimes: integer('used_times').notNull().default(0),
    /** 0 may pay, 1 stopped. */
    status: smallint('status').notNull().default(0),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ name: 'sport_card_share_member_id_org_fk', columns: [t.orgId, t.memberId], foreignColumns: [members.orgId, members.id] }),
    foreignKey({ name: 'sport_card_share_card_id_org_fk', columns: [t.orgId, t.cardId], foreignColumns: [memberCards.orgId, memberCards.id] }).onDelete(
      'cascade',
    ),
    uniqueIndex('sport_card_share_uq').on(t.cardId, t.memberId),
    index('sport_card_share_member_idx').on(t.memberId),
    check(
      'sport_card_share_limits',
      sql`(${t.limitFen} is null or ${t.usedFen} <= ${t.limitFen}) and (${t.limitTimes} is null or ${t.usedTimes} <= ${t.limitTimes}) and ${t.usedFen} >= 0 and ${t.usedTimes} >= 0`,
    ),
  ],
);

/** Every change of a card's terms: date edit, freeze, unfreeze, manager, usage rules, refund, sharing. */
export const cardLogs = pgTable(
  'sport_card_log',
  {
    id: id(),
    orgId: orgId(),
    cardId: bigint('card_id', { mode: 'number' }).notNull(),
    action: varchar('action', { length: 16 }).notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: varchar('reason', { length: 200 }),
    operatorId: userRef('operator_id'),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ name: 'sport_card_log_card_id_org_fk', columns: [t.orgId, t.cardId], foreignColumns: [memberCards.orgId, memberCards.id] }).onDelete(
      'cascade',
    ),
    index('sport_card_log_card_idx').on(t.cardId, t.createdAt),
  ],
);

/** A company's card given to its entrants (person distribute log). */
export const cardDistributions = pgTable(
  'sport_card_distribution',
  {
    id: id(),
    orgId: orgId(),
    cardId: bigint('card_id', { mode: 'number' }).notNull(),
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    entrantId: bigint('entrant_id', { mode: 'number' }).notNull(),
    limitFen: bigint('limit_fen', { mode: 'number' }),
    limitTimes: integer('limit_times'),
    /** give | take-back. */
    action: varchar('action', { length: 16 }).notNull(),
    operatorId: userRef('operator_id'),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ name: 'sport_card_distribution_entrant_id_org_fk', columns: [t.orgId, t.entrantId], foreignColumns: [members.orgId, members.id] }),
    foreignKey({ name: 'sport_card_distribution_company_id_org_fk', columns: [t.orgId, t.companyId], foreignColumns: [members.orgId, members.id] }),
    foreignKey({ name: 'sport_card_distribution_card_id_org_fk', columns: [t.orgId, t.cardId], foreignColumns: [memberCards.orgId, memberCards.id] }).onDelete(
      'cascade',
    ),
    index('sport_card_distribution_card_idx').on(t.cardId, t.createdAt),
  ],
);
