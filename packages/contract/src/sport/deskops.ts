import { z } from 'zod';
import { page, pageQuery } from '../envelope.ts';
import { fields } from '../fields.ts';

/**
 * Desk operations (issue 30, operations half; spec 2.5 "Content, operations, notification" and
 * section 3 Feedback): feedback, work orders with an SLA, event reporting, the take-a-number queue
 * and the member app's page settings. Calls under `{sport}deskops/` except the queue's, which the
 * issue fixes under `{sport}queue/`.
 */
const at = fields.instantOut;
const name = fields.str().trim().min(1);

// ---------------------------------------------------------------- feedback

export const FEEDBACK_CATEGORIES = ['bug', 'suggestion', 'complaint', 'other'] as const;
/** Handling status: not looked at, being handled, answered (the member is told). */
export const FEEDBACK_STATUSES = ['pending', 'processing', 'done'] as const;

export const feedbackCreate = z.object({
  appVersion: fields.str().trim().max(32).default(''),
  contact: fields.str().trim().max(64).default(''),
  category: z.enum(FEEDBACK_CATEGORIES),
  content: name.max(1000),
  memberName: fields.optText(64),
});
export const feedbackRow = z.object({
  id: z.number(),
  orgId: z.number(),
  appVersion: z.string(),
  contact: z.string(),
  category: fields.textOf(FEEDBACK_CATEGORIES),
  status: fields.textOf(FEEDBACK_STATUSES),
  content: z.string(),
  opinion: z.string().nullable(),
  memberName: z.string().nullable(),
  handledAt: at.nullable(),
  version: z.number(),
  createTime: at,
});
export type FeedbackRow = z.output<typeof feedbackRow>;
export const feedbackQuery = pageQuery.extend({
  keyword: fields.str().trim().max(64).optional(),
  category: z.enum(FEEDBACK_CATEGORIES).optional(),
  status: z.enum(FEEDBACK_STATUSES).optional(),
});
export const feedbackPage = page(feedbackRow);
/** `PUT deskops/feedback/{id}/handle`: `processing` (taken up) or `done` with the opinion the member reads. */
export const feedbackHandle = z.strictObject({
  status: z.enum(['processing', 'done']),
  opinion: fields.optText(1000),
  version: fields.version,
});

// ---------------------------------------------------------------- work orders

export const workCategoryCreate = z.object({ name: name.max(64), slaHours: fields.intIn(1, 8760) });
export const workCategoryRow = z.object({ id: z.number(), name: z.string(), slaHours: z.number(), version: z.number() });
export const workCategoryPage = page(workCategoryRow);
export const workCategoryQuery = pageQuery.extend({ name: fields.str().trim().max(64).optional() });

export const WORK_ORDER_STATES = ['open', 'inProgress', 'done', 'closed'] as const;
export type WorkOrderState = (typeof WORK_ORDER_STATES)[number];

/** A user or a role (exactly one): the due time is now plus the category's SLA. */
export const workOrderCreate = z.object({
  categoryId: fields.id,
  title: name.max(100),
  content: fields.str().trim().max(2000).default(''),
  assigneeUserId: fields.id.nullish(),
  assigneeRoleId: fields.id.nullish(),
});
export const workOrderRow = z.object({
  id: z.number(),
  categoryId: z.number(),
  categoryName: z.string(),
  title: z.string(),
  content: z.string(),
  assigneeUserId: z.number().nullable(),
  assigneeUserName: z.string().nullable(),
  assigneeRoleId: z.number().nullable(),
  assigneeRoleName: z.string().nullable(),
  state: fields.textOf(WORK_ORDER_STATES),
  dueTime: at,
  /** Still open or in progress past its due time. */
  overdue: z.boolean(),
  result: z.string().nullable(),
  finishTime: at.nullable(),
  version: z.number(),
  createTime: at,
});
export type WorkOrderRow = z.output<typeof workOrderRow>;
export const workOrderQuery = pageQuery.extend({
  title: fields.str().trim().max(100).optional(),
  state: z.enum(WORK_ORDER_STATES).optional(),
  categoryId: fields.id.optional(),
  overdue: z.boolean().optional(),
});
export const workOrderPage = page(workOrderRow);
/** `PUT deskops/workOrder/{id}/state`: take (inProgress), finish (done, with a result) or close. */
export const workOrderMove = z.strictObject({
  state: z.enum(['inProgress', 'done', 'closed']),
  result: fields.optText(500),
  version: fields.version,
});

// ---------------------------------------------------------------- event reporting

export const INCIDENT_KINDS = ['injury', 'damage', 'other'] as const;
export const INCIDENT_STATES = ['open', 'closed'] as const;
/** A photo of an incident: JPG or PNG of at most 5 MB (checked by content on upload), at most nine to an incident. */
export const INCIDENT_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const INCIDENT_PHOTOS_MAX = 9;
/** File names the image upload (`POST deskops/incident/photo`) answered (content-addressed). */
const photoName = fields.str().regex(/^[0-9a-f]{64}\.(png|jpg)$/, 'error.field.invalid');
export const incidentCreate = z.object({
  stadiumId: fields.id,
  kind: z.enum(INCIDENT_KINDS),
  title: name.max(100),
  description: fields.str().trim().max(2000).default(''),
  occurredAt: fields.instant,
  photos: z.array(photoName).max(INCIDENT_PHOTOS_MAX).default([]),
});
export const incidentLogRow = z.object({
  id: z.number(),
  note: z.string(),
  createdBy: z.number().nullable(),
  createdByName: z.string().nullable(),
  createTime: at,
});
export const incidentRow = z.object({
  id: z.number(),
  stadiumId: z.number(),
  stadiumName: z.string().nullable(),
  kind: fields.textOf(INCIDENT_KINDS),
  title: z.string(),
  description: z.string(),
  occurredAt: at,
  photos: z.array(z.string()),
  state: fields.textOf(INCIDENT_STATES),
  result: z.string().nullable(),
  closeTime: at.nullable(),
  version: z.number(),
  createTime: at,
});
export const incidentDetail = incidentRow.extend({ logs: z.array(incidentLogRow) });
export const incidentQuery = pageQuery.extend({
  title: fields.str().trim().max(100).optional(),
  stadiumId: fields.id.optional(),
  kind: z.enum(INCIDENT_KINDS).optional(),
  state: z.enum(INCIDENT_STATES).optional(),
});
export const incidentPage = page(incidentRow);
export const incidentFollowUp = z.strictObject({ note: name.max(1000) });
export const incidentClose = z.strictObject({ result: name.max(500), version: fields.version });
export const photoAnswer = z.object({ name: z.string() });
export const incidentPhotoParams = z.object({ id: fields.id, name: photoName });

// ---------------------------------------------------------------- queued number (fixed: `POST {sport}queue/take`)

export const queueTake = z.object({ stadiumId: fields.id });
export const queueTaken = z.object({ number: z.number(), waitingAhead: z.number() });
export const QUEUE_STATES = ['waiting', 'called', 'served', 'skipped'] as const;
export const queueCallNext = z.strictObject({ stadiumId: fields.id, desk: name.max(16) });
/** Skip (not there), recall (call a called or skipped number again), or served. */
export const queueAct = z.strictObject({ desk: name.max(16) });
export const queueTicketRow = z.object({
  id: z.number(),
  number: z.number(),
  state: fields.textOf(QUEUE_STATES),
  desk: z.string().nullable(),
  calls: z.number(),
  calledAt: at.nullable(),
  takenAt: at,
});
export type QueueTicketRow = z.output<typeof queueTicketRow>;
export const queueQuery = pageQuery.extend({ stadiumId: fields.id, state: z.enum(QUEUE_STATES).optional() });
export const queuePage = page(queueTicketRow);
/** What the hall's screen shows: the numbers called today, newest first, and how many wait. */
export const queueBoard = z.object({
  stadiumId: z.number(),
  stadiumName: z.string(),
  day: z.string(),
  called: z.array(queueTicketRow),
  waiting: z.number(),
  lastNumber: z.number(),
});
export const queueBoardQuery = z.object({ stadiumId: fields.id });

// ---------------------------------------------------------------- page settings

export const PAGE_LEVELS = ['page', 'slot', 'item'] as const;
export const appPageCreate = z.object({
  /** None: a page; a page: a slot of it; a slot: a child item of it. */
  parentId: fields.id.nullish(),
  name: name.max(64),
  code: fields
    .str()
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/, 'error.field.invalid'),
  sort: fields.intIn(0, 9999).default(0),
});
export const pageBindingRow = z.object({ id: z.number(), kind: z.string(), refId: z.number(), name: z.string().nullable(), sort: z.number() });
export const appPageRow = z.object({
  id: z.number(),
  parentId: z.number().nullable(),
  level: fields.textOf(PAGE_LEVELS),
  name: z.string(),
  code: z.string(),
  sort: z.number(),
  version: z.number(),
  bindings: z.array(pageBindingRow),
});
export type AppPageRow = z.output<typeof appPageRow> & { children?: AppPageRow[] };
/** A page with its slots, each with its child items (three levels at most). */
export const appPageTree = appPageRow.extend({ children: z.array(appPageRow.extend({ children: z.array(appPageRow).optional() })).optional() });
export const appPagePage = page(appPageTree);
export const appPageQuery = pageQuery.extend({ name: fields.str().trim().max(64).optional() });
/** `PUT deskops/page/{id}/bindItems`: what the slot shows from now on, in order (replaces the list). */
export const pageBindItems = z.strictObject({
  items: z.array(z.strictObject({ kind: fields.str().trim().min(1).max(16), refId: fields.id })).max(50),
});
