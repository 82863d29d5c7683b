import { z } from 'zod';
import { page, pageQuery } from '../envelope.ts';
import { fields } from '../fields.ts';
import { refundRow } from './commerce.ts';
import { hhmm, minutesOf, VENUE_SPORTS } from './venue.ts';

/**
 * Member cards (issue 12, spec 2.5 member/memberCard): card types (rules setting), cards sold
 * through the commerce core (item kind `card`, order type `card`), recharge, pay with a card,
 * usage record, expense calendar, card changes (date, freeze, manager, usage rules, refund),
 * sharing, corporate distribution and member check-in. Every call is under `{sport}card/`.
 * Money is integer fen; days are `YYYY-MM-DD` in the organisation's time zone.
 *
 * - A value card's money is a commerce stored-value account (`accountId`): the console pays
 *   with it through the commerce `balance` method (`accountId`), and a sharer pays with it when
 *   the order's member is that sharer (within the share's limit).
 * - A times card pays an order through the commerce `card` method (`cardId`): one use per unit
 *   sold.
 * - A card's QR text (check-in) is `VC:<cardNo>` (`CARD_QR_PREFIX`).
 */
const id = fields.id;
const at = fields.instantOut;
const atOrNull = at.nullable();
const fen = fields.fen;
const posFen = fields.positiveFen;

export const CARD_KINDS = ['value', 'times', 'period'] as const;
export type CardKind = (typeof CARD_KINDS)[number];
/** pending (sold, not paid) → active ⇄ frozen; → refunded; pending → cancelled. */
export const CARD_STATUS = ['pending', 'active', 'frozen', 'refunded', 'cancelled'] as const;
export type CardStatus = (typeof CARD_STATUS)[number];
/** Usage rows: every debit and credit of a card. */
export const CARD_USAGE_KINDS = ['sale', 'recharge', 'bonus', 'pay', 'refund', 'checkin', 'distribute', 'adjust'] as const;
/** Log rows: every change of a card's terms. */
export const CARD_LOG_ACTIONS = ['date', 'freeze', 'unfreeze', 'manager', 'rules', 'refund', 'share', 'unshare', 'distribute'] as const;
export const CHECKIN_METHODS = ['phone', 'card', 'qr'] as const;
/** A card type on sale (0) or off sale (1); a share may pay (0) or is stopped (1). */
export const CARD_TYPE_STATUS = [0, 1] as const;
export const CARD_SHARE_STATUS = [0, 1] as const;
/** The QR code of a card holds `VC:<cardNo>`. */
export const CARD_QR_PREFIX = 'VC:';
/** Card numbers: letters, digits and `-`. */
export const CARD_NO_RE = /^[A-Za-z0-9-]{1,32}$/;

// ---------------------------------------------------------------- card types (rules setting)

export const cardTimeBand = z
  .object({ from: hhmm, to: hhmm })
  .refine((b) => minutesOf(b.from) < minutesOf(b.to), { message: 'venue.closeAfterOpen', path: ['to'] });
export const rechargeBonus = z.object({ minFen: posFen, bonusFen: posFen });
export const cardDiscount = z.object({
  /** A venue price rule (null: every rule of the card's venues). */
  priceRuleId: id.nullable(),
  /** Percent of the rule's price paid, 1–100. */
  percent: fields.intIn(1, 100),
});
const limit = fields.intIn(1, 999).nullable();
const cardTypeFields = {
  name: fields.str().trim().min(1).max(64),
  /** Sale price. */
  priceFen: fen,
  /** Value cards: what the sale puts on the card. */
  faceValueFen: fen.optional(),
  /** Value cards: recharging at least `minFen` adds `bonusFen` (the highest tier reached). */
  rechargeBonus: z.array(rechargeBonus).max(20).optional(),
  /** Times cards: uses sold. */
  times: fields.intIn(1, 100_000).nullish(),
  /** Days valid from activation (null: no end; period cards need one). */
  validDays: fields.intIn(1, 36_500).nullish(),
  /** Uses (check-ins, times payments) per day and per week (null: no limit). */
  perDay: limit.optional(),
  perWeek: limit.optional(),
  /** Where and when it applies ([]: every venue, sport, all day). */
  venueIds: fields.idArray(200).optional(),
  sports: z.array(z.enum(VENUE_SPORTS)).max(VENUE_SPORTS.length).optional(),
  timeBands: z.array(cardTimeBand).max(10).optional(),
  /** The member level the venue price rules price a holder at (their `level`). */
  level: fields.optText(32),
  /** Percent rule detail: which price rules the level is meant to discount, by how much (shown; the venue rules price). */
  discounts: z.array(cardDiscount).max(200).optional(),
  /** Unfreezing moves the card's end by the days it was frozen. */
  freezeExtends: z.boolean().optional(),
  /** Members an owner may share the card with (0: no sharing). */
  maxSharers: fields.intIn(0, 100).optional(),
  status: fields.intIn(0, 1).optional(),
  remark: fields.optText(200),
};
/** `POST {sport}card/type` (Perm.card.type). */
export const cardTypeCreate = z
  .object({ orgId: id.optional(), kind: z.enum(CARD_KINDS), ...cardTypeFields })
  .refine((v) => v.kind !== 'times' || !!v.times, { message: 'error.field.required', path: ['times'] })
  .refine((v) => v.kind !== 'period' || !!v.validDays, { message: 'error.field.required', path: ['validDays'] })
  .refine((v) => v.kind !== 'value' || (v.faceValueFen ?? 0) > 0, { message: 'error.field.required', path: ['faceValueFen'] });
export type CardTypeCreate = z.output<typeof cardTypeCreate>;
/** `PUT {sport}card/type/{id}`: the changed fields and `version` (the kind never changes). */
export const cardTypeUpdate = z.object({ ...cardTypeFields, name: cardTypeFields.name.optional(), priceFen: fen.optional(), version: fields.version });
export type CardTypeUpdate = z.output<typeof cardTypeUpdate>;
export const cardTypeListQuery = pageQuery.extend({
  name: fields.str().trim().max(64).optional(),
  kind: z.enum(CARD_KINDS).optional(),
  status: fields.intIn(0, 1).optional(),
});
export type CardTypeListQuery = z.output<typeof cardTypeListQuery>;
export const cardTypeRow = z.object({
  id: z.number(),
  orgId: z.number(),
  name: z.string(),
  kind: fields.textOf(CARD_KINDS),
  priceFen: z.number(),
  faceValueFen: z.number(),
  rechargeBonus: z.array(z.object({ minFen: z.number(), bonusFen: z.number() })),
  times: z.number().nullable(),
  validDays: z.number().nullable(),
  perDay: z.number().nullable(),
  perWeek: z.number().nullable(),
  venueIds: z.array(z.number()),
  sports: z.array(z.string()),
  timeBands: z.array(z.object({ from: z.string(), to: z.string() })),
  level: z.string().nullable(),
  discounts: z.array(z.object({ priceRuleId: z.number().nullable(), percent: z.number() })),
  freezeExtends: z.boolean(),
  maxSharers: z.number(),
  status: fields.numberOf(CARD_TYPE_STATUS),
  remark: z.string().nullable(),
  /** Cards of this type (not cancelled). */
  cardCount: z.number(),
  version: z.number(),
  createTime: at,
});
export type CardTypeRow = z.output<typeof cardTypeRow>;
export const cardTypePage = page(cardTypeRow);

/** `GET {sport}card/type/{id}/rules` (percent rule detail): the venue price rules that price the type's level. */
export const cardTypeRuleRow = z.object({
  priceRuleId: z.number(),
  venueId: z.number(),
  venueName: z.string(),
  name: z.string(),
  siteName: z.string().nullable(),
  sport: z.string().nullable(),
  weekdays: z.array(z.number()),
  dayKind: z.string(),
  start: z.string(),
  end: z.string(),
  /** The level's price under this rule. */
  priceFen: z.number(),
  /** Everybody's price for the same venue, site or sport and time (null: none found). */
  walkInPriceFen: z.number().nullable(),
  /** priceFen as a percent of walkInPriceFen (null: no walk-in price). */
  percent: z.number().nullable(),
  /** The percent the type says it gives on this rule (its `discounts`), if any. */
  declaredPercent: z.number().nullable(),
  enabled: z.boolean(),
});
export const cardTypeRules = z.object({ typeId: z.number(), level: z.string().nullable(), rules: z.array(cardTypeRuleRow) });
export type CardTypeRules = z.output<typeof cardTypeRules>;

// ---------------------------------------------------------------- cards

/** Usage rules of one card where they differ from its type's (usage rule modification). */
export const cardRules = z.object({
  perDay: limit.optional(),
  perWeek: limit.optional(),
  timeBands: z.array(cardTimeBand).max(10).optional(),
  venueIds: fields.idArray(200).optional(),
  sports: z.array(z.enum(VENUE_SPORTS)).max(VENUE_SPORTS.length).optional(),
});
export type CardRules = z.output<typeof cardRules>;
/** The rules in force (the card's over its type's). */
export const cardRulesOut = z.object({
  perDay: z.number().nullable(),
  perWeek: z.number().nullable(),
  timeBands: z.array(z.object({ from: z.string(), to: z.string() })),
  venueIds: z.array(z.number()),
  sports: z.array(z.string()),
});

/** `POST {sport}card/sell` (Perm.card.sell): a pending card and its order; the console pays the order with the shared pay component. */
export const cardSell = z.object({ typeId: id, memberId: id, managerId: id.optional(), remark: fields.optText(200) });
/** The `detail` of an order line of item kind `card` (a card sold): its manager and remark, stored on the card. */
export const cardLineDetail = z.strictObject({ managerId: id.nullable().optional(), remark: fields.optText(200) });
export type CardLineDetail = z.output<typeof cardLineDetail>;
/** The `detail` of an order line of item kind `card_recharge`: none (the line's `refId` is the card's account). */
export const cardRechargeLineDetail = z.strictObject({});
export type CardSell = z.output<typeof cardSell>;
export const cardSellAnswer = z.object({ orderId: z.number(), orderNo: z.string(), amountFen: z.number(), cardId: z.number(), cardNo: z.string() });
export type CardSellAnswer = z.output<typeof cardSellAnswer>;

/** `POST {sport}card/{id}/recharge` (Perm.card.recharge, value cards): an order to pay; the bonus tier is credited on payment. */
export const cardRecharge = z.object({ amountFen: posFen, remark: fields.optText(200) });
export type CardRecharge = z.output<typeof cardRecharge>;
export const cardRechargeAnswer = z.object({
  orderId: z.number(),
  orderNo: z.string(),
  amountFen: z.number(),
  bonusFen: z.number(),
  cardId: z.number(),
  cardNo: z.string(),
});

/** `POST {sport}card/list` (Perm.card.list). Phones are masked unless the caller holds Perm.member.private. */
export const cardListQuery = pageQuery.extend({
  cardNo: fields.str().trim().max(32).optional(),
  /** Member name, phone or member number contains. */
  keyword: fields.str().trim().max(64).optional(),
  typeId: id.optional(),
  kind: z.enum(CARD_KINDS).optional(),
  status: z.enum(CARD_STATUS).optional(),
  memberId: id.optional(),
  managerId: id.optional(),
  /** Only the cards of this organisation (within the caller's scope): a venue's cards tab. */
  orgId: id.optional(),
  validToFrom: fields.day.optional(),
  validToTo: fields.day.optional(),
});
export type CardListQuery = z.output<typeof cardListQuery>;
export const cardRow = z.object({
  id: z.number(),
  orgId: z.number(),
  cardNo: z.string(),
  typeId: z.number(),
  typeName: z.string(),
  kind: fields.textOf(CARD_KINDS),
  memberId: z.number(),
  memberNo: z.string(),
  memberName: z.string(),
  memberPhone: z.string(),
  accountId: z.number().nullable(),
  /** Value cards: the account's balance. */
  balanceFen: z.number().nullable(),
  timesTotal: z.number().nullable(),
  timesLeft: z.number().nullable(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  status: fields.textOf(CARD_STATUS),
  frozenAt: atOrNull,
  frozenDays: z.number(),
  managerId: z.number().nullable(),
  managerName: z.string().nullable(),
  orderId: z.number().nullable(),
  remark: z.string().nullable(),
  version: z.number(),
  createTime: at,
});
export type CardRow = z.output<typeof cardRow>;
export const cardPage = page(cardRow);

export const cardShareRow = z.object({
  id: z.number(),
  cardId: z.number(),
  memberId: z.number(),
  memberName: z.string(),
  memberPhone: z.string(),
  limitFen: z.number().nullable(),
  limitTimes: z.number().nullable(),
  usedFen: z.number(),
  usedTimes: z.number(),
  status: fields.numberOf(CARD_SHARE_STATUS),
  version: z.number(),
  createTime: at,
});
export type CardShareRow = z.output<typeof cardShareRow>;

export const cardUsageRow = z.object({
  id: z.number(),
  cardId: z.number(),
  cardNo: z.string(),
  memberId: z.number().nullable(),
  memberName: z.string().nullable(),
  kind: fields.textOf(CARD_USAGE_KINDS),
  /** Signed: credits positive, debits negative. */
  amountFen: z.number(),
  times: z.number(),
  balanceAfterFen: z.number().nullable(),
  timesAfter: z.number().nullable(),
  orderId: z.number().nullable(),
  orderNo: z.string().nullable(),
  paymentId: z.number().nullable(),
  refundId: z.number().nullable(),
  remark: z.string().nullable(),
  operatorName: z.string().nullable(),
  businessDay: z.string(),
  createTime: at,
});
export type CardUsageRow = z.output<typeof cardUsageRow>;
export const cardUsagePage = page(cardUsageRow);

export const cardLogRow = z.object({
  id: z.number(),
  cardId: z.number(),
  action: fields.textOf(CARD_LOG_ACTIONS),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
  operatorName: z.string().nullable(),
  createTime: at,
});
export type CardLogRow = z.output<typeof cardLogRow>;

/** `GET {sport}card/{id}` (card detail). */
export const cardDetail = cardRow.extend({
  type: cardTypeRow,
  /** The card's own usage rules (usage rule modification) and those in force. */
  ownRules: cardRules,
  rules: cardRulesOut,
  shares: z.array(cardShareRow),
  /** The latest 20 usage rows and 50 log rows. */
  usages: z.array(cardUsageRow),
  logs: z.array(cardLogRow),
});
export type CardDetail = z.output<typeof cardDetail>;

// ---------------------------------------------------------------- card changes

/** `POST {sport}card/{id}/date` (Perm.card.edit): a new end, with a reason (logged). */
export const cardDateEdit = z.object({ validTo: fields.day, reason: fields.str().trim().min(1).max(200), version: fields.version.optional() });
export type CardDateEdit = z.output<typeof cardDateEdit>;
/** `POST {sport}card/{id}/freeze` and `/unfreeze` (Perm.card.freeze). */
export const cardFreeze = z.object({ reason: fields.optText(200), version: fields.version.optional() });
export type CardFreeze = z.output<typeof cardFreeze>;
/** `POST {sport}card/{id}/manager` (Perm.card.edit): a user of the card's organisation. */
export const cardManager = z.object({ managerId: id, reason: fields.optText(200), version: fields.version.optional() });
export type CardManager = z.output<typeof cardManager>;
/** `POST {sport}card/{id}/rules` (Perm.card.edit): replaces the card's own usage rules (a field left out follows the type). */
export const cardRulesEdit = cardRules.extend({ reason: fields.optText(200), version: fields.version.optional() });
export type CardRulesEdit = z.output<typeof cardRulesEdit>;
/**
 * `POST {sport}card/{id}/refund` (Perm.card.refund): refund of the remaining value through the
 * commerce refund review (a non-order refund, paid out in cash or by transfer). A value card
 * refunds its whole balance (`amountFen` must be left out or equal it); a times or period card
 * names the amount. The card is frozen while the refund waits; once approved and paid out it is
 * `refunded` and its balance 0.
 */
export const cardRefund = z.object({
  amountFen: posFen.optional(),
  method: z.enum(['cash', 'transfer'] as const),
  reason: fields.str().trim().min(1).max(200),
});
export type CardRefund = z.output<typeof cardRefund>;
export const cardRefundAnswer = z.object({ card: cardRow, refund: refundRow });
/** `GET {sport}card/{id}/refund/quote` (Perm.card.refund): the most its refund may pay back (what was paid for it less what was used). */
export const cardRefundQuote = z.object({ amountFen: z.number() });

// ---------------------------------------------------------------- sharing and distribution

/** `POST {sport}card/{id}/shares` (Perm.card.share): the card's sharers. */
export const cardSharesQuery = z.object({});
export const cardShareList = z.array(cardShareRow);
/** `POST {sport}card/{id}/share` (Perm.card.share): at most the type's maxSharers. */
export const cardShareCreate = z.object({ memberId: id, limitFen: posFen.nullish(), limitTimes: fields.intIn(1, 100_000).nullish() });
export type CardShareCreate = z.output<typeof cardShareCreate>;
/** `PUT {sport}card/share/{id}` (Perm.card.share). */
export const cardShareUpdate = z.object({
  limitFen: posFen.nullish(),
  limitTimes: fields.intIn(1, 100_000).nullish(),
  status: fields.intIn(0, 1).optional(),
  version: fields.version,
});
export type CardShareUpdate = z.output<typeof cardShareUpdate>;
/** `POST {sport}card/{id}/distribute` (Perm.member.distribute): a corporate member's card to one of its entrants. */
export const cardDistribute = z.object({ entrantId: id, limitFen: posFen.nullish(), limitTimes: fields.intIn(1, 100_000).nullish() });
export type CardDistribute = z.output<typeof cardDistribute>;
/** `POST {sport}card/{id}/distribute/take-back` (Perm.member.distribute): the entrant's share ends, logged as taken back. */
export const cardTakeBack = z.object({ entrantId: id });
export type CardTakeBack = z.output<typeof cardTakeBack>;
/** `POST {sport}card/{id}/distribute/log` (Perm.member.distribute). */
export const cardDistributionQuery = pageQuery;
export const cardDistributionRow = z.object({
  id: z.number(),
  cardId: z.number(),
  companyId: z.number(),
  companyName: z.string(),
  entrantId: z.number(),
  entrantName: z.string(),
  limitFen: z.number().nullable(),
  limitTimes: z.number().nullable(),
  action: fields.textOf(['give', 'take-back'] as const),
  /** A give whose share the entrant still holds (it may be taken back). */
  holding: z.boolean(),
  operatorName: z.string().nullable(),
  createTime: at,
});
export const cardDistributionPage = page(cardDistributionRow);

// ---------------------------------------------------------------- usage record, expense calendar

/** `POST {sport}card/usage/list` (Perm.card.list). */
export const cardUsageListQuery = pageQuery.extend({
  cardNo: fields.str().trim().max(32).optional(),
  cardId: id.optional(),
  memberId: id.optional(),
  kind: z.enum(CARD_USAGE_KINDS).optional(),
  dayFrom: fields.day.optional(),
  dayTo: fields.day.optional(),
});
export type CardUsageListQuery = z.output<typeof cardUsageListQuery>;
/** `POST {sport}card/{id}/calendar` (Perm.card.list): spending (debits) per day of a month. */
export const cardCalendarQuery = z.object({ month: fields.str().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'error.field.invalid') });
export const cardCalendar = z.object({
  month: z.string(),
  days: z.array(z.object({ day: z.string(), spentFen: z.number(), times: z.number(), count: z.number() })),
  spentFen: z.number(),
  times: z.number(),
});
export type CardCalendar = z.output<typeof cardCalendar>;

// ---------------------------------------------------------------- member check-in

/** `POST {sport}card/checkin/lookup` (Perm.member.checkin): a phone, a card number or a card's QR text (`VC:<cardNo>`). */
export const checkinLookup = z.object({ keyword: fields.str().trim().min(1).max(64) });
export const checkinCard = cardRow.extend({
  /** Whether it can check in now, and why not. */
  usable: z.boolean(),
  why: z.string().nullable(),
});
export const checkinLookupAnswer = z.object({
  member: z.object({ id: z.number(), memberNo: z.string(), name: z.string(), phone: z.string(), level: z.string().nullable() }),
  /** The method the keyword was read as. */
  method: fields.textOf(CHECKIN_METHODS),
  /** The member's own cards and the cards shared with them (active or frozen, not refunded). */
  cards: z.array(checkinCard),
});
export type CheckinLookupAnswer = z.output<typeof checkinLookupAnswer>;
/** `POST {sport}card/checkin` (Perm.member.checkin): a times card uses one; a period card checks its validity and limits; a value card records the visit. */
export const checkinCreate = z.object({ cardId: id, memberId: id.optional(), venueId: id.optional(), method: z.enum(CHECKIN_METHODS) });
export type CheckinCreate = z.output<typeof checkinCreate>;
export const checkinAnswer = z.object({ visitId: z.number(), memberId: z.number(), memberName: z.string(), timesUsed: z.number(), card: cardRow });
export type CheckinAnswer = z.output<typeof checkinAnswer>;

// CONTRACT READY
