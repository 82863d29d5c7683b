import { z } from 'zod';
import { pageQuery } from '../envelope.ts';
import { fields, updateOf } from '../fields.ts';

/**
 * Tripartite agency (issue 29, spec 2.5 clearingSettlement): a contract between the platform, a
 * venue and a partner splits the venue's takings in shares (basis points), per settlement period
 * (a week or a month of the venue's business days). A statement of a period is computed from the
 * ledger: the liquidation report (per venue: gross, refunds, fees, net by item kind) and the
 * settlement report (per party: its share). Draft → approved → paid. Under `{sport}agency`.
 * docs/decisions.md, "Tripartite agency".
 */
const at = fields.instantOut;

export const AGENCY_PERIODS = ['monthly', 'weekly'] as const;
export type AgencyPeriod = (typeof AGENCY_PERIODS)[number];
/** The parties, in the order ties of the largest remainder are broken. */
export const AGENCY_PARTIES = ['platform', 'venue', 'partner'] as const;
export type AgencyParty = (typeof AGENCY_PARTIES)[number];
export const AGENCY_STATES = ['draft', 'approved', 'paid'] as const;
export type AgencyState = (typeof AGENCY_STATES)[number];
/** Shares are in basis points: the three add up to this. */
export const SHARE_WHOLE = 10_000;

const bp = fields.intIn(0, SHARE_WHOLE);
/** One set of shares (the sum is checked by the server: 969600 `agency.sharesSum`). */
export const agencyShares = z.object({ platformBp: bp, venueBp: bp, partnerBp: bp });
export type AgencyShares = z.output<typeof agencyShares>;
/** Shares for one item kind (a booking, goods …), instead of the contract's default shares. */
export const agencyKindShares = agencyShares.extend({ kind: fields.str().trim().min(1).max(24) });
export type AgencyKindShares = z.output<typeof agencyKindShares>;

export const agencyContractCreate = z.object({
  stadiumId: fields.id,
  name: fields.str().trim().min(1).max(64),
  partnerName: fields.str().trim().min(1).max(64),
  /** Left out (all three): seeded from the venue's service contract commission (the platform's share; the rest the venue's). */
  platformBp: bp.optional(),
  venueBp: bp.optional(),
  partnerBp: bp.optional(),
  kindShares: z.array(agencyKindShares).max(20).optional(),
  validFrom: fields.day,
  validTo: fields.optDay,
  period: z.enum(AGENCY_PERIODS),
  remark: fields.optText(200),
});
export type AgencyContractCreate = z.output<typeof agencyContractCreate>;
export const agencyContractUpdate = updateOf(agencyContractCreate.omit({ stadiumId: true }));
export type AgencyContractUpdate = z.output<typeof agencyContractUpdate>;

export const agencyContractListQuery = pageQuery.extend({
  stadiumId: fields.id.optional(),
  name: fields.str().trim().max(64).optional(),
  period: z.enum(AGENCY_PERIODS).optional(),
});
export type AgencyContractListQuery = z.output<typeof agencyContractListQuery>;

export const agencyContractRow = z.object({
  id: z.number(),
  orgId: z.number(),
  stadiumId: z.number(),
  stadiumName: z.string(),
  name: z.string(),
  partnerName: z.string(),
  platformBp: z.number(),
  venueBp: z.number(),
  partnerBp: z.number(),
  kindShares: z.array(z.object({ kind: z.string(), platformBp: z.number(), venueBp: z.number(), partnerBp: z.number() })),
  validFrom: z.string(),
  validTo: z.string().nullable(),
  period: fields.textOf(AGENCY_PERIODS),
  remark: z.string().nullable(),
  version: z.number(),
  createTime: at,
  updateTime: at,
});
export type AgencyContractRow = z.output<typeof agencyContractRow>;

/** `GET {sport}agency/contract/defaults/{stadiumId}`: a new contract's shares, from the venue's service contract commission. */
export const agencyContractDefaults = z.object({
  platformBp: z.number(),
  venueBp: z.number(),
  partnerBp: z.number(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  /** `venueContract` when the venue's service contract gave the platform's share. */
  source: z.enum(['venueContract', 'none']),
});
export type AgencyContractDefaults = z.output<typeof agencyContractDefaults>;

// ---------------------------------------------------------------- statements (liquidation and settlement reports)

/** `POST {sport}agency/statement/compute`: the statement of the period holding `day` (default: today in the venue's zone), made or brought up to the ledger while draft. */
export const agencyStatementCompute = z.object({ contractId: fields.id, day: fields.optDay });
export const agencyStatementApprove = z.object({ version: fields.version });
export const agencyStatementPay = z.object({ version: fields.version, paymentRef: fields.str().trim().min(1).max(64) });

export const agencyStatementListQuery = pageQuery.extend({
  stadiumId: fields.id.optional(),
  contractId: fields.id.optional(),
  state: z.enum(AGENCY_STATES).optional(),
  fromDay: fields.optDay,
  toDay: fields.optDay,
});
export type AgencyStatementListQuery = z.output<typeof agencyStatementListQuery>;

const fen = z.number().int();
/** One item kind's line of a statement: gross in, refunds out, the platform's fee, the net, and the parties' parts (fen). */
export const agencyKindLine = z.object({
  kind: z.string(),
  grossFen: fen,
  refundFen: fen,
  feeFen: fen,
  netFen: fen,
  platformFen: fen,
  venueFen: fen,
  partnerFen: fen,
  platformBp: z.number(),
  venueBp: z.number(),
  partnerBp: z.number(),
});
export type AgencyKindLine = z.output<typeof agencyKindLine>;

/** The liquidation report's row: one venue's period. */
export const agencyStatementRow = z.object({
  id: z.number(),
  orgId: z.number(),
  contractId: z.number(),
  contractName: z.string(),
  partnerName: z.string(),
  stadiumId: z.number(),
  stadiumName: z.string(),
  period: fields.textOf(AGENCY_PERIODS),
  periodStart: z.string(),
  periodEnd: z.string(),
  state: fields.textOf(AGENCY_STATES),
  grossFen: fen,
  refundFen: fen,
  feeFen: fen,
  netFen: fen,
  platformFen: fen,
  venueFen: fen,
  partnerFen: fen,
  computedAt: at,
  approvedByName: z.string().nullable(),
  approvedAt: at.nullable(),
  paidByName: z.string().nullable(),
  paidAt: at.nullable(),
  paymentRef: z.string().nullable(),
  version: z.number(),
});
export type AgencyStatementRow = z.output<typeof agencyStatementRow>;

export const agencyStatementDetail = agencyStatementRow.extend({
  fromDay: z.string(),
  toDay: z.string(),
  timeZone: z.string(),
  byKind: z.array(agencyKindLine),
  ledgerFirstId: z.number().nullable(),
  ledgerLastId: z.number().nullable(),
  ledgerEntries: z.number(),
  digest: z.string(),
});
export type AgencyStatementDetail = z.output<typeof agencyStatementDetail>;

/** The settlement report: one row per party and period. */
export const agencyPartyListQuery = agencyStatementListQuery.extend({ party: z.enum(AGENCY_PARTIES).optional() });
export type AgencyPartyListQuery = z.output<typeof agencyPartyListQuery>;
export const agencyPartyRow = z.object({
  key: z.string(),
  statementId: z.number(),
  party: fields.textOf(AGENCY_PARTIES),
  partyName: z.string(),
  stadiumName: z.string(),
  contractName: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  shareFen: fen,
  state: fields.textOf(AGENCY_STATES),
  paymentRef: z.string().nullable(),
  version: z.number(),
});
export type AgencyPartyRow = z.output<typeof agencyPartyRow>;
