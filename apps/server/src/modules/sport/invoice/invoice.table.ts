import { sql } from 'drizzle-orm';
import { bigint, boolean, check, foreignKey, index, integer, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { orgId } from '../../system/index.ts';
import { orders } from '../commerce/index.ts';
import { createdAt, id, updatedAt, version } from '../../../platform/columns.ts';

/**
 * E-invoices (issue 29): one row per invoice requested for an order, with the platform's serial,
 * the issued invoice's number and PDF, and its red-letter credit note (confirmation, credit note
 * number and PDF) on the same row; the lines with their tax. The money is the order's: the lines
 * copy its lines' amounts at request time and nothing else is kept. docs/decisions.md, "Invoices".
 */
export const invoices = pgTable(
  'sport_invoice',
  {
    id: id(),
    orgId: orgId(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    /** The n-th invoice of the order (1, then 2 after a credit note or a failure ...). */
    attempt: smallint('attempt').notNull(),
    /** What the platform knows the request by: the order number, `-n` added from the second attempt on (its idempotency key). */
    requestNo: varchar('request_no', { length: 40 }).notNull(),
    /** personal | company. */
    titleKind: varchar('title_kind', { length: 8 }).notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    taxNo: varchar('tax_no', { length: 20 }),
    email: varchar('email', { length: 100 }),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    taxFen: bigint('tax_fen', { mode: 'number' }).notNull(),
    /** issuing | issued | failed | crediting | credited. */
    state: varchar('state', { length: 12 }).notNull(),
    serialNo: varchar('serial_no', { length: 64 }),
    invoiceNo: varchar('invoice_no', { length: 32 }),
    pdfUrl: varchar('pdf_url', { length: 300 }),
    failReason: varchar('fail_reason', { length: 200 }),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    creditReason: varchar('credit_reason', { length: 200 }),
    /** The red-letter confirmation (红字确认单) and the credit note's own request. */
    redConfirmNo: varchar('red_confirm_no', { length: 64 }),
    redSerialNo: varchar('red_serial_no', { length: 64 }),
    redInvoiceNo: varchar('red_invoice_no', { length: 32 }),
    redPdfUrl: varchar('red_pdf_url', { length: 300 }),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    createdBy: bigint('created_by', { mode: 'number' }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sport_invoice_org_id_uq').on(t.orgId, t.id),
    foreignKey({ name: 'sport_invoice_order_org_fk', columns: [t.orgId, t.orderId], foreignColumns: [orders.orgId, orders.id] }),
    uniqueIndex('sport_invoice_attempt_uq').on(t.orderId, t.attempt),
    // One live invoice per order, whatever races: the database refuses a second.
    uniqueIndex('sport_invoice_live_uq')
      .on(t.orderId)
      .where(sql`${t.state} in ('issuing', 'issued', 'crediting')`),
    uniqueIndex('sport_invoice_request_uq').on(t.requestNo),
    index('sport_invoice_org_created_idx').on(t.orgId, t.createdAt),
    // The sync job's work list.
    index('sport_invoice_pending_idx')
      .on(t.state)
      .where(sql`${t.state} in ('issuing', 'crediting')`),
    check('sport_invoice_amounts_ck', sql`${t.amountFen} > 0 and ${t.taxFen} between 0 and ${t.amountFen}`),
  ],
);

export const invoiceLines = pgTable(
  'sport_invoice_line',
  {
    id: id(),
    orgId: orgId(),
    invoiceId: bigint('invoice_id', { mode: 'number' }).notNull(),
    /** The order line it invoices. */
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    quantity: integer('quantity').notNull(),
    /** Tax-inclusive, as the order line's amount. */
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    /** Basis points (600 = 6%). */
    taxRateBp: integer('tax_rate_bp').notNull(),
    taxFen: bigint('tax_fen', { mode: 'number' }).notNull(),
  },
  (t) => [
    foreignKey({ name: 'sport_invoice_line_invoice_org_fk', columns: [t.orgId, t.invoiceId], foreignColumns: [invoices.orgId, invoices.id] }).onDelete(
      'cascade',
    ),
    index('sport_invoice_line_invoice_idx').on(t.invoiceId),
  ],
);

/** An organisation's e-invoice platform (a venue without its own uses its nearest ancestor's); the app secret is sealed with the server's secret key. */
export const invoicePlatforms = pgTable(
  'sport_invoice_platform',
  {
    id: id(),
    orgId: orgId(),
    enabled: boolean('enabled').notNull().default(true),
    gateway: varchar('gateway', { length: 300 }).notNull(),
    appKey: varchar('app_key', { length: 64 }).notNull(),
    secretEnc: varchar('secret_enc', { length: 500 }).notNull(),
    /** The seller as invoices name it. */
    sellerTaxNo: varchar('seller_tax_no', { length: 20 }).notNull(),
    sellerName: varchar('seller_name', { length: 100 }).notNull(),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sport_invoice_platform_org_uq').on(t.orgId)],
);
