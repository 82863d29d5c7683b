import { z } from 'zod';
import { page, pageQuery } from '../envelope.ts';
import { fields, updateOf } from '../fields.ts';
import { ORDER_STATES, orderDetail } from './commerce.ts';
import { ticketRow } from './ticket.ts';

/**
 * Ticketing's catalogue extras (issue 13, spec ticketManagement: performer, ticketPurchaseNotice,
 * ticketTemplate, projects/wantSeeList, projects/data-log, competitionTicketingOrder,
 * dataManagement), every call under `{sport}ticket/`:
 * - performers (`performer`), chosen by a project (`performerIds` of the project body);
 * - purchase notices (`notice`), one chosen by a project (`noticeId`), shown on the sale screen;
 * - ticket templates (`template`): a page in millimetres with placed elements (a QR code of the
 *   ticket's code, fields bound to the ticket's data, free text); a project or a session chooses one
 *   (`templateId`); `template/print/{ticketId}` gives a sold ticket's template and data to print;
 * - want-to-see (`wantSee`): people who registered interest in a project;
 * - the data log (`dataLog/list`): every change of a project, its sessions and levels;
 * - a seated session moved to a later version of its map (`session/{sessionId}/mapVersion`);
 * - competition orders (`competitionOrder`), and the per-project overview (`dataManagement`).
 */
const id = fields.id;
const at = fields.instantOut;
const atOrNull = at.nullable();
const color = fields.str().regex(/^#[0-9a-fA-F]{6}$/, 'error.field.invalid');
const phone = fields
  .str()
  .trim()
  .regex(/^1\d{10}$/, 'error.field.invalid');
const imageUrl = fields
  .str()
  .trim()
  .max(500)
  .regex(/^\/files\/[0-9a-f]{64}\.(png|jpg)$/, 'error.field.invalid')
  .nullish()
  .or(z.literal(''))
  .transform((v) => v || null);

// ---------------------------------------------------------------- performers

export const performerCreate = z.object({
  orgId: id.optional(),
  name: fields.str().trim().min(1).max(64),
  photoUrl: imageUrl,
  role: fields.optText(32),
  intro: fields.optText(2000),
});
export type PerformerCreate = z.output<typeof performerCreate>;
export const performerUpdate = updateOf(performerCreate.omit({ orgId: true }));
export type PerformerUpdate = z.output<typeof performerUpdate>;
export const performerListQuery = pageQuery.extend({ name: fields.str().trim().max(64).optional(), projectId: id.optional() });
export type PerformerListQuery = z.output<typeof performerListQuery>;
export const performerRow = z.object({
  id: z.number(),
  orgId: z.number(),
  name: z.string(),
  photoUrl: z.string().nullable(),
  role: z.string().nullable(),
  intro: z.string().nullable(),
  /** Projects listing them. */
  projectCount: z.number(),
  version: z.number(),
  createTime: at,
  updateTime: at,
});
export type PerformerRow = z.output<typeof performerRow>;
export const performerPage = page(performerRow);
/** `POST {sport}ticket/performer/photo` and `POST {sport}ticket/template/image` (a ticket's background): multipart `file`, png or jpg by content, at most 2 MB. */
export const performerPhotoAnswer = z.object({ url: z.string() });

// ---------------------------------------------------------------- purchase notices

export const NOTICE_STATUS = [0, 1] as const;
export const noticeCreate = z.object({
  orgId: id.optional(),
  title: fields.str().trim().min(1).max(64),
  /** Plain text: line breaks kept, `**bold**`, lines starting "- " as a list. */
  content: fields.str().trim().min(1).max(10_000),
  status: fields.numberOf(NOTICE_STATUS).optional(),
});
export type NoticeCreate = z.output<typeof noticeCreate>;
export const noticeUpdate = updateOf(noticeCreate.omit({ orgId: true }));
export type NoticeUpdate = z.output<typeof noticeUpdate>;
export const noticeListQuery = pageQuery.extend({ title: fields.str().trim().max(64).optional(), status: fields.numberOf(NOTICE_STATUS).optional() });
export type NoticeListQuery = z.output<typeof noticeListQuery>;
export const noticeRow = z.object({
  id: z.number(),
  orgId: z.number(),
  title: z.string(),
  content: z.string(),
  status: z.number(),
  projectCount: z.number(),
  version: z.number(),
  createTime: at,
  updateTime: at,
});
export type NoticeRow = z.output<typeof noticeRow>;
export const noticePage = page(noticeRow);

// ---------------------------------------------------------------- ticket templates

export const TEMPLATE_KINDS = ['paper', 'eticket'] as const;
export const TEMPLATE_ELEMENT_TYPES = ['qr', 'field', 'text'] as const;
/** The ticket data a field element shows. */
export const TEMPLATE_FIELDS = ['project', 'session', 'time', 'venue', 'seat', 'level', 'price', 'code', 'buyer'] as const;
export type TemplateField = (typeof TEMPLATE_FIELDS)[number];
/** A page is 20 to 300 mm a side; a QR code at least 10 mm (scanners read it at arm's length). */
export const TEMPLATE_MIN_MM = 20;
export const TEMPLATE_MAX_MM = 300;
export const TEMPLATE_QR_MIN_MM = 10;
const mm = z.number().finite().min(0).max(TEMPLATE_MAX_MM);

export const ticketTemplateElement = z.object({
  key: fields
    .str()
    .trim()
    .min(1)
    .max(16)
    .regex(/^[A-Za-z0-9_-]+$/, 'error.field.invalid'),
  type: z.enum(TEMPLATE_ELEMENT_TYPES),
  /** A field element's ticket data. */
  field: z.enum(TEMPLATE_FIELDS).optional(),
  /** A text element's text, or a field element's label printed before the value. */
  text: fields.str().max(100).optional(),
  /** Position and size in millimetres from the page's top left corner. */
  x: mm,
  y: mm,
  width: mm.min(1),
  height: mm.min(1),
  /** Points. */
  fontSize: fields.intIn(5, 72).optional(),
  bold: z.boolean().optional(),
  color: color.optional(),
  align: z.enum(['left', 'center', 'right']).optional(),
});
export type TicketTemplateElement = z.infer<typeof ticketTemplateElement>;

/** The layout rules a template breaks: `[path, message key]`, empty when it is sound. */
export function templateProblems(t: { widthMm: number; heightMm: number; elements: readonly TicketTemplateElement[] }): [(string | number)[], string][] {
  const out: [(string | number)[], string][] = [];
  const keys = new Set<string>();
  const eps = 1e-6;
  t.elements.forEach((e, i) => {
    if (keys.has(e.key)) out.push([['elements', i, 'key'], 'ticketTemplate.duplicateKey']);
    keys.add(e.key);
    if (e.x + e.width > t.widthMm + eps || e.y + e.height > t.heightMm + eps) out.push([['elements', i, 'x'], 'ticketTemplate.outsidePage']);
    if (e.type === 'field' && !e.field) out.push([['elements', i, 'field'], 'ticketTemplate.fieldRequired']);
    if (e.type === 'text' && !e.text?.trim()) out.push([['elements', i, 'text'], 'ticketTemplate.textRequired']);
    if (e.type === 'qr' && Math.min(e.width, e.height) < TEMPLATE_QR_MIN_MM) out.push([['elements', i, 'width'], 'ticketTemplate.qrTooSmall']);
  });
  return out;
}

const templateFields = {
  name: fields.str().trim().min(1).max(64),
  kind: z.enum(TEMPLATE_KINDS),
  widthMm: fields.intIn(TEMPLATE_MIN_MM, TEMPLATE_MAX_MM),
  heightMm: fields.intIn(TEMPLATE_MIN_MM, TEMPLATE_MAX_MM),
  backgroundColor: color.optional(),
  backgroundUrl: imageUrl,
  elements: z.array(ticketTemplateElement).max(50),
};
export const ticketTemplateCreate = z.object({ orgId: id.optional(), ...templateFields }).superRefine((t, ctx) => {
  for (const [path, message] of templateProblems(t)) ctx.addIssue({ code: 'custom', path, message });
});
export type TicketTemplateCreate = z.output<typeof ticketTemplateCreate>;
/** The page's size and elements are checked together on the server (a smaller page must still hold the elements). */
export const ticketTemplateUpdate = updateOf(z.object(templateFields));
export type TicketTemplateUpdate = z.output<typeof ticketTemplateUpdate>;
export const ticketTemplateListQuery = pageQuery.extend({ name: fields.str().trim().max(64).optional(), kind: z.enum(TEMPLATE_KINDS).optional() });
export type TicketTemplateListQuery = z.output<typeof ticketTemplateListQuery>;
export const ticketTemplateRow = z.object({
  id: z.number(),
  orgId: z.number(),
  name: z.string(),
  kind: fields.textOf(TEMPLATE_KINDS),
  widthMm: z.number(),
  heightMm: z.number(),
  backgroundColor: z.string(),
  backgroundUrl: z.string().nullable(),
  elements: z.array(ticketTemplateElement),
  /** Projects and sessions choosing it. */
  useCount: z.number(),
  version: z.number(),
  createTime: at,
  updateTime: at,
});
export type TicketTemplateRow = z.output<typeof ticketTemplateRow>;
export const ticketTemplatePage = page(ticketTemplateRow);
/** The data a template's fields show, as printed (money in yuan text, time in the venue's zone). */
export const ticketPrintData = z.object({
  project: z.string(),
  session: z.string(),
  time: z.string(),
  venue: z.string(),
  seat: z.string(),
  level: z.string(),
  price: z.string(),
  code: z.string(),
  buyer: z.string(),
});
export type TicketPrintData = z.output<typeof ticketPrintData>;
/** `GET {sport}ticket/template/print/{id}` (a ticket's id): its session's (else its project's) template, and its data. */
export const ticketPrintAnswer = z.object({ template: ticketTemplateRow.nullable(), data: ticketPrintData, state: z.string() });
export type TicketPrintAnswer = z.output<typeof ticketPrintAnswer>;

// ---------------------------------------------------------------- want-to-see

export const wantSeeCreate = z.object({
  projectId: id,
  name: fields.str().trim().min(1).max(64),
  phone,
  count: fields.intIn(1, 99).optional(),
  note: fields.optText(200),
});
export type WantSeeCreate = z.output<typeof wantSeeCreate>;
export const wantSeeUpdate = updateOf(wantSeeCreate.omit({ projectId: true }));
export type WantSeeUpdate = z.output<typeof wantSeeUpdate>;
export const wantSeeListQuery = pageQuery.extend({
  projectId: id.optional(),
  /** Name or phone contains. */
  keyword: fields.str().trim().max(64).optional(),
  /** Only people of projects with a session on sale now (who to notify). */
  toNotify: z.boolean().optional(),
});
export type WantSeeListQuery = z.output<typeof wantSeeListQuery>;
export const wantSeeRow = z.object({
  id: z.number(),
  orgId: z.number(),
  projectId: z.number(),
  projectName: z.string(),
  name: z.string(),
  phone: z.string(),
  count: z.number(),
  note: z.string().nullable(),
  /** A session of the project is on sale: they are to be told. */
  onSale: z.boolean(),
  notifiedAt: atOrNull,
  version: z.number(),
  createTime: at,
  updateTime: at,
});
export type WantSeeRow = z.output<typeof wantSeeRow>;
export const wantSeePage = page(wantSeeRow);

// ---------------------------------------------------------------- data log

export const DATA_LOG_ENTITIES = ['project', 'session', 'level'] as const;
export const DATA_LOG_ACTIONS = ['add', 'edit', 'remove', 'move'] as const;
const logValue = z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.union([z.string(), z.number()]))]);
export const dataLogChange = z.object({ field: z.string(), before: logValue, after: logValue });
export type DataLogChange = z.infer<typeof dataLogChange>;
/** What a reference field's value names (a type, venue, performer, notice, template or seat map): its name now, null when it is gone. */
const logName = z.union([z.string(), z.null(), z.array(z.string().nullable())]);
/** A change as listed: a field holding ids also gives the names they stand for. */
export const dataLogChangeOut = dataLogChange.extend({ beforeName: logName.optional(), afterName: logName.optional() });
export type DataLogChangeOut = z.output<typeof dataLogChangeOut>;
export const dataLogListQuery = pageQuery.extend({ projectId: id, entity: z.enum(DATA_LOG_ENTITIES).optional() });
export type DataLogListQuery = z.output<typeof dataLogListQuery>;
export const dataLogRow = z.object({
  id: z.number(),
  projectId: z.number(),
  entity: fields.textOf(DATA_LOG_ENTITIES),
  entityId: z.number(),
  action: fields.textOf(DATA_LOG_ACTIONS),
  label: z.string(),
  changes: z.array(dataLogChangeOut),
  userName: z.string().nullable(),
  createTime: at,
});
export type DataLogRow = z.output<typeof dataLogRow>;
export const dataLogPage = page(dataLogRow);

// ---------------------------------------------------------------- map version

/** `POST {sport}ticket/session/{sessionId}/mapVersion`: move a seated session to a later version of its map. */
export const mapVersionMove = z.object({ seatmapVersion: fields.intIn(1, 2_147_483_647), version: fields.version });
export type MapVersionMove = z.output<typeof mapVersionMove>;
export const mapVersionAnswer = z.object({ seatmapVersion: z.number(), kept: z.number(), added: z.number(), removed: z.number(), version: z.number() });

// ---------------------------------------------------------------- competition orders and data management

export const competitionOrderQuery = pageQuery.extend({
  /** A project type (its child types included). */
  typeId: id.optional(),
  projectId: id.optional(),
  orderNo: fields.str().trim().max(40).optional(),
  state: z.enum(ORDER_STATES).optional(),
  /** Buyer name or phone contains. */
  buyer: fields.str().trim().max(64).optional(),
});
export type CompetitionOrderQuery = z.output<typeof competitionOrderQuery>;
export const competitionOrderRow = z.object({
  id: z.number(),
  orgId: z.number(),
  orderNo: z.string(),
  projectId: z.number(),
  projectName: z.string(),
  typeName: z.string().nullable(),
  sessionNames: z.string(),
  ticketCount: z.number(),
  buyerName: z.string().nullable(),
  buyerPhone: z.string().nullable(),
  payableFen: z.number(),
  paidFen: z.number(),
  refundedFen: z.number(),
  state: fields.textOf(ORDER_STATES),
  createTime: at,
});
export type CompetitionOrderRow = z.output<typeof competitionOrderRow>;
export const competitionOrderPage = page(competitionOrderRow);
/** `GET {sport}ticket/competitionOrder/{id}`: the commerce order detail and its tickets with their seats. */
export const competitionOrderDetail = z.object({ order: orderDetail, tickets: z.array(ticketRow) });
export type CompetitionOrderDetail = z.output<typeof competitionOrderDetail>;

export const dataOverviewQuery = pageQuery.extend({ typeId: id.optional(), name: fields.str().trim().max(64).optional() });
export type DataOverviewQuery = z.output<typeof dataOverviewQuery>;
export const dataOverviewRow = z.object({
  id: z.number(),
  name: z.string(),
  typeName: z.string().nullable(),
  sessionCount: z.number(),
  onSaleCount: z.number(),
  firstStart: atOrNull,
  lastStart: atOrNull,
  sold: z.number(),
  used: z.number(),
  refunded: z.number(),
  /** Fen received for tickets sold or used. */
  revenueFen: z.number(),
  wantSee: z.number(),
});
export type DataOverviewRow = z.output<typeof dataOverviewRow>;
export const dataOverviewPage = page(dataOverviewRow);

/**
 * `GET {sport}ticket/notice/project/{id}`: the purchase notice a project shows buyers: the notice it
 * picked (when enabled), else its own notice text (`id` and `title` null), else null.
 */
export const projectNoticeAnswer = z.object({ notice: z.object({ id: z.number().nullable(), title: z.string().nullable(), content: z.string() }).nullable() });
export type ProjectNoticeAnswer = z.output<typeof projectNoticeAnswer>;

/**
 * `GET {sport}ticket/choices`: the organisation's project types and projects (the newest 1,000) for
 * the filters of the catalogue-extras screens, readable with any of their permissions.
 */
export const ticketChoices = z.object({
  types: z.array(z.object({ id: z.number(), name: z.string(), parentId: z.number().nullable() })),
  projects: z.array(z.object({ id: z.number(), name: z.string(), typeId: z.number().nullable() })),
});
export type TicketChoices = z.output<typeof ticketChoices>;
