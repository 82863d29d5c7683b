import { z } from 'zod';
import { pageQuery } from '../envelope.ts';
import { fields } from '../fields.ts';
export { INVOICE_SCREEN_PATH } from './invoice.screens.ts';

/**
 * E-invoices (issue 29, spec 2.5 invoiceManagement): an invoice is requested for a paid order,
 * issued through the organisation's e-invoice platform, and may be credited by a red-letter credit
 * note (红字发票), after which the order may be invoiced again. docs/decisions.md, "Invoices".
 */
const at = fields.instantOut;

/**
 * The invoice's life: `issuing` (sent, the platform is working), `issued`, `failed` (the platform
 * refused; the order may be invoiced again), `crediting` (the red-letter confirmation and credit
 * note are under way), `credited`. Live (one per order at most): issuing, issued, crediting.
 */
export const INVOICE_STATES = ['issuing', 'issued', 'failed', 'crediting', 'credited'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];
export const INVOICE_LIVE_STATES = ['issuing', 'issued', 'crediting'] as const satisfies readonly InvoiceState[];
export const INVOICE_TITLE_KINDS = ['personal', 'company'] as const;
export type InvoiceTitleKind = (typeof INVOICE_TITLE_KINDS)[number];

const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/**
 * A unified social credit code (统一社会信用代码, GB 32100-2015): 18 characters of its alphabet
 * (no I, O, Z, S, V), the last a check character of the 17 before (weights 3^i mod 31).
 */
export function isCreditCode(code: string): boolean {
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(code)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += USCC_CHARS.indexOf(code[i]!) * USCC_WEIGHTS[i]!;
  return USCC_CHARS[(31 - (sum % 31)) % 31] === code[17];
}

/**
 * `POST {sport}invoice` (accepts `Idempotency-Key`): an invoice for a paid order. A tax number
 * makes it a company's title (it must be a valid unified social credit code); without one it is a
 * personal title unless `titleKind` says company.
 */
export const invoiceCreate = z.object({
  orderId: fields.id,
  title: fields.str().trim().min(1).max(100),
  taxNo: fields.str().trim().toUpperCase().max(20).optional(),
  email: z.string().trim().max(100).pipe(z.email()).optional(),
  titleKind: z.enum(INVOICE_TITLE_KINDS).optional(),
});
export type InvoiceCreate = z.output<typeof invoiceCreate>;
export const invoiceCreated = z.object({ id: z.number(), state: fields.textOf(INVOICE_STATES), orderId: z.number() });

/** `POST {sport}invoice/{id}/credit`: the red-letter confirmation, then the credit note, of an issued invoice. */
export const invoiceCredit = z.object({ reason: fields.str().trim().min(1).max(200), version: fields.version });
export type InvoiceCredit = z.output<typeof invoiceCredit>;
/** `POST {sport}invoice/{id}/reissue`: a new invoice for the credited one's order, its title kept unless given. */
export const invoiceReissue = invoiceCreate.omit({ orderId: true }).partial();
export type InvoiceReissue = z.output<typeof invoiceReissue>;

/** `POST {sport}invoice/list`. */
export const invoiceListQuery = pageQuery.extend({
  state: z.enum(INVOICE_STATES).optional(),
  /** An order number, a title, an invoice number or a tax number (contains). */
  keyword: fields.str().trim().max(40).optional(),
  orderId: fields.id.optional(),
  memberId: fields.id.optional(),
});
export type InvoiceListQuery = z.output<typeof invoiceListQuery>;

export const invoiceRow = z.object({
  id: z.number(),
  orgId: z.number(),
  orderId: z.number(),
  orderNo: z.string(),
  memberId: z.number().nullable(),
  titleKind: fields.textOf(INVOICE_TITLE_KINDS),
  title: z.string(),
  taxNo: z.string().nullable(),
  email: z.string().nullable(),
  amountFen: z.number(),
  taxFen: z.number(),
  state: fields.textOf(INVOICE_STATES),
  /** The platform's serial number of the request (流水号) and the invoice's number once issued. */
  serialNo: z.string().nullable(),
  invoiceNo: z.string().nullable(),
  pdfUrl: z.string().nullable(),
  failReason: z.string().nullable(),
  issuedTime: at.nullable(),
  creditReason: z.string().nullable(),
  redConfirmNo: z.string().nullable(),
  redInvoiceNo: z.string().nullable(),
  redPdfUrl: z.string().nullable(),
  creditedTime: at.nullable(),
  createTime: at,
  version: z.number(),
});
export type InvoiceRow = z.output<typeof invoiceRow>;

export const invoiceLine = z.object({
  name: z.string(),
  kind: z.string(),
  quantity: z.number(),
  /** Tax-inclusive amount of the line (fen). */
  amountFen: z.number(),
  /** Basis points: 600 is 6%. */
  taxRateBp: z.number(),
  taxFen: z.number(),
});
export const invoiceDetail = invoiceRow.extend({ lines: z.array(invoiceLine) });
export type InvoiceDetail = z.output<typeof invoiceDetail>;

// ---------------------------------------------------------------- the organisation's e-invoice platform (settings)

/**
 * `GET {sport}invoice/platform`: the caller's organisation's e-invoice platform. The app secret
 * never leaves the server: `secretSet` says whether one is stored. `inherited`: the organisation
 * has none of its own and invoices through an ancestor's (a venue through its group's).
 */
export const invoicePlatformRow = z.object({
  orgId: z.number(),
  enabled: z.boolean(),
  gateway: z.string(),
  appKey: z.string(),
  sellerTaxNo: z.string(),
  sellerName: z.string(),
  secretSet: z.boolean(),
  inherited: z.boolean(),
  /** 0 while the organisation has no settings of its own. */
  version: z.number(),
});
export type InvoicePlatformRow = z.output<typeof invoicePlatformRow>;

/** `PUT {sport}invoice/platform`: the app secret is write-only, left out it stays as it is (required the first time). */
export const invoicePlatformSave = z.object({
  enabled: z.boolean(),
  gateway: fields.str().trim().url().max(300),
  appKey: fields.str().trim().min(1).max(64),
  appSecret: fields.str().trim().min(8).max(200).optional(),
  sellerTaxNo: fields.str().trim().toUpperCase().refine(isCreditCode, 'invoice.taxNoInvalid'),
  sellerName: fields.str().trim().min(1).max(100),
  version: fields.intIn(0, 2_147_483_647),
});
export type InvoicePlatformSave = z.output<typeof invoicePlatformSave>;
