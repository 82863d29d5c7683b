import {
  templateProblems,
  type CompetitionOrderQuery,
  type DataLogChange,
  type DataLogListQuery,
  type DataOverviewQuery,
  type MapVersionMove,
  type NoticeCreate,
  type NoticeListQuery,
  type NoticeUpdate,
  type PerformerCreate,
  type PerformerListQuery,
  type PerformerUpdate,
  type SeatmapDocument,
  type TicketTemplateCreate,
  type TicketTemplateListQuery,
  type TicketTemplateUpdate,
  type WantSeeCreate,
  type WantSeeListQuery,
  type WantSeeUpdate,
} from '@venue/contract';
import type { Db, Executor, Tx } from '../../../../platform/db.ts';
import { conflict, invalid, notFound } from '../../../../platform/errors.ts';
import type { Caller } from '../../../../platform/http.ts';
import { t, type Lang } from '../../../../platform/i18n.ts';
import { orderOf, pageOf } from '../../../../platform/list.ts';
import { expectOneUpdated, scopeOf, type Scope } from '../../../../platform/scope.ts';
import { type SheetColumn, rowsXlsx } from '../../../../platform/xlsx.ts';
import { isForeignKeyViolation, mapDuplicate, imageFormat, imageSize, storeByContent, uploadsDir } from '../../../system/index.ts';
import { getOrderDetail, timeZoneOf } from '../../commerce/index.ts';
import { findProject, findSeatmapVersion, findSession, insertSeats, levelsOfSessions, updateSession, type SessionRecord } from '../ticket.repository.ts';
import { listTickets } from '../sale.service.ts';
import {
  blockSeats,
  choiceProjects,
  choiceTypes,
  deleteNotice,
  deletePerformer,
  deleteTemplate,
  deleteUnusedSeats,
  deleteWantSee,
  findNotice,
  findPerformers,
  findTemplate,
  findWantSee,
  insertDataLog,
  insertNotice,
  insertPerformer,
  insertTemplate,
  insertWantSee,
  isTicketOrder,
  noticeDefaultOrder,
  noticeSorts,
  pageCompetitionOrders,
  pageDataLog,
  refNames,
  type RefKind,
  pageNotices,
  pageOverview,
  pagePerformers,
  pageTemplates,
  pageWantSee,
  performerDefaultOrder,
  performerSorts,
  performersOfProjects,
  replaceProjectPerformers,
  seatsForMove,
  templateDefaultOrder,
  templateSorts,
  ticketForPrint,
  updateNotice,
  updatePerformer,
  updateSeatPlace,
  updateTemplate,
  updateWantSee,
  wantSeeDefaultOrder,
  wantSeeSorts,
  type NoticeRecord,
  type PerformerRecord,
  type TemplateRecord,
} from './catalogue.repository.ts';
import './catalogue.messages.ts';

/**
 * Ticketing's catalogue extras: performers, purchase notices, ticket templates, want-to-see lists,
 * the project data log, moving a session to a later map version, competition orders and the
 * per-project overview.
 */

/** A delete refused by a foreign key (the record is still used) answers 100409 `state`. */
async function inUse<T>(work: Promise<T>, msgKey: string): Promise<T> {
  try {
    return await work;
  } catch (e) {
    if (isForeignKeyViolation(e)) throw conflict('state', msgKey);
    throw e;
  }
}

async function removeEach(db: Db, ids: number[], one: (tx: Tx, id: number) => Promise<number>) {
  return db.transaction(async (tx) => {
    let deleted = 0;
    for (const id of ids) {
      const n = await one(tx, id);
      if (!n) throw notFound();
      deleted += n;
    }
    return { deleted };
  });
}

// ---------------------------------------------------------------- performers

const performerOut = (r: { performer: PerformerRecord; projectCount: number }) => ({
  id: r.performer.id,
  orgId: r.performer.orgId,
  name: r.performer.name,
  photoUrl: r.performer.photoUrl,
  role: r.performer.role,
  intro: r.performer.intro,
  projectCount: r.projectCount,
  version: r.performer.version,
  createTime: r.performer.createdAt,
  updateTime: r.performer.updatedAt,
});

export async function listPerformers(db: Db, caller: Caller, q: PerformerListQuery) {
  const { total, rows } = await pagePerformers(
    db,
    scopeOf(caller),
    { name: q.name, projectId: q.projectId },
    orderOf(q, performerSorts, performerDefaultOrder),
    pageOf(q),
  );
  return { total, data: rows.map(performerOut) };
}

export async function getPerformer(db: Executor, caller: Caller, id: number) {
  const { rows } = await pagePerformers(db, scopeOf(caller), { id }, [], { limit: 1, offset: 0 });
  if (!rows[0]) throw notFound();
  return performerOut(rows[0]);
}

export async function addPerformer(db: Db, caller: Caller, input: PerformerCreate) {
  const { orgId, ...values } = input;
  const row = await insertPerformer(db, scopeOf(caller), { ...values, orgId: orgId ?? caller.orgId });
  return getPerformer(db, caller, row.id);
}

export async function editPerformer(db: Db, caller: Caller, id: number, input: PerformerUpdate) {
  const scope = scopeOf(caller);
  if (!(await findPerformers(db, scope, [id])).length) throw notFound();
  const { version, ...values } = input;
  expectOneUpdated(await updatePerformer(db, scope, id, version, values));
  return getPerformer(db, caller, id);
}

export async function removePerformers(db: Db, caller: Caller, ids: number[]) {
  const scope = scopeOf(caller);
  return inUse(
    removeEach(db, ids, (tx, id) => deletePerformer(tx, scope, id)),
    'ticket.performerInUse',
  );
}

export const PERFORMER_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
/**
 * The largest side of a performer photo or a ticket-template image: a small file may declare
 * 20,000 x 20,000 pixels and make every browser that shows it (they are public) decode gigabytes.
 * Bounded from the header as member images are (`imageSize`, `setting.image.ts`).
 */
export const PERFORMER_PHOTO_MAX_SIDE = 4096;

/** A performer's photo (or a template's image): jpg or png by content, at most 2 MB and 4096 px a side; stored by content under the public `/files/`. */
export function storePerformerPhoto(dataDir: string, data: Buffer, truncated: boolean): { url: string } {
  if (truncated || data.length > PERFORMER_PHOTO_MAX_BYTES) throw invalid('file', 'ticket.performerPhoto.tooLarge', { max: '2M' });
  if (data.length === 0) throw invalid('file', 'ticket.performerPhoto.noFile');
  const format = imageFormat(data);
  const size = format === 'jpg' || format === 'png' ? imageSize(data, format) : null;
  if (!size || (format !== 'jpg' && format !== 'png')) throw invalid('file', 'ticket.performerPhoto.badFormat');
  if (size.width > PERFORMER_PHOTO_MAX_SIDE || size.height > PERFORMER_PHOTO_MAX_SIDE) {
    throw invalid('file', 'ticket.performerPhoto.badSide', { max: PERFORMER_PHOTO_MAX_SIDE, actual: `${size.width}x${size.height}` });
  }
  return { url: `/files/${storeByContent(uploadsDir(dataDir), data, format)}` };
}

// ---------------------------------------------------------------- a project's performers, notice and template

/** The references a project body names must be records of the project's organisation (else 100404). */
export async function checkProjectExtras(
  db: Executor,
  scope: Scope,
  orgId: number,
  input: { noticeId?: number | null; templateId?: number | null; performerIds?: number[] },
) {
  if (input.noticeId !== undefined && input.noticeId !== null) {
    const n = await findNotice(db, scope, input.noticeId);
    if (!n || n.orgId !== orgId) throw notFound();
  }
  await checkTemplateRef(db, scope, orgId, input.templateId);
  if (input.performerIds?.length) {
    const ids = [...new Set(input.performerIds)];
    const found = await findPerformers(db, scope, ids);
    if (found.length !== ids.length || found.some((p) => p.orgId !== orgId)) throw notFound();
  }
}

export async function checkTemplateRef(db: Executor, scope: Scope, orgId: number, templateId: number | null | undefined) {
  if (templateId === undefined || templateId === null) return;
  const tpl = await findTemplate(db, scope, templateId);
  if (!tpl || tpl.orgId !== orgId) throw notFound();
}

/** Sets a project's performers (in the order given, duplicates dropped). */
export async function saveProjectPerformers(tx: Executor, scope: Scope, orgId: number, projectId: number, performerIds: number[]) {
  await replaceProjectPerformers(tx, scope, orgId, projectId, [...new Set(performerIds)]);
}

/** Projects' performers: ids and names in billing order. */
export async function projectPerformers(db: Executor, scope: Scope, projectIds: number[]) {
  const out = new Map<number, { ids: number[]; names: string[] }>();
  for (const r of await performersOfProjects(db, scope, projectIds)) {
    const p = out.get(r.projectId) ?? { ids: [], names: [] };
    p.ids.push(r.id);
    p.names.push(r.name);
    out.set(r.projectId, p);
  }
  return out;
}

// ---------------------------------------------------------------- purchase notices

const NOTICE_UNIQUE = { sport_ticket_notice_org_title_uq: ['title', 'field.noticeTitle'] as [string, string] };

const noticeOut = (r: { notice: NoticeRecord; projectCount: number }) => ({
  id: r.notice.id,
  orgId: r.notice.orgId,
  title: r.notice.title,
  content: r.notice.content,
  status: r.notice.status,
  projectCount: r.projectCount,
  version: r.notice.version,
  createTime: r.notice.createdAt,
  updateTime: r.notice.updatedAt,
});

export async function listNotices(db: Db, caller: Caller, q: NoticeListQuery) {
  const { total, rows } = await pageNotices(db, scopeOf(caller), { title: q.title, status: q.status }, orderOf(q, noticeSorts, noticeDefaultOrder), pageOf(q));
  return { total, data: rows.map(noticeOut) };
}

export async function getNotice(db: Executor, caller: Caller, id: number) {
  const { rows } = await pageNotices(db, scopeOf(caller), { id }, [], { limit: 1, offset: 0 });
  if (!rows[0]) throw notFound();
  return noticeOut(rows[0]);
}

export async function addNotice(db: Db, caller: Caller, input: NoticeCreate) {
  const { orgId, ...values } = input;
  const row = await mapDuplicate(insertNotice(db, scopeOf(caller), { ...values, orgId: orgId ?? caller.orgId, status: values.status ?? 0 }), NOTICE_UNIQUE);
  return getNotice(db, caller, row.id);
}

export async function editNotice(db: Db, caller: Caller, id: number, input: NoticeUpdate) {
  const scope = scopeOf(caller);
  if (!(await findNotice(db, scope, id))) throw notFound();
  const { version, ...values } = input;
  expectOneUpdated(await mapDuplicate(updateNotice(db, scope, id, version, values), NOTICE_UNIQUE));
  return getNotice(db, caller, id);
}

export async function removeNotices(db: Db, caller: Caller, ids: number[]) {
  const scope = scopeOf(caller);
  return inUse(
    removeEach(db, ids, (tx, id) => deleteNotice(tx, scope, id)),
    'ticket.noticeInUse',
  );
}

/** `GET ticket/notice/project/{id}`: the notice a project shows buyers (the sale screen's panel), or null. */
export async function noticeOfProject(db: Db, caller: Caller, projectId: number) {
  const scope = scopeOf(caller);
  const project = await findProject(db, scope, projectId);
  if (!project) throw notFound();
  const n = project.noticeId === null ? undefined : await findNotice(db, scope, project.noticeId);
  if (n && n.status === 0) return { notice: { id: n.id, title: n.title, content: n.content } };
  return { notice: project.purchaseNotice ? { id: null, title: null, content: project.purchaseNotice } : null };
}

// ---------------------------------------------------------------- ticket templates

const TEMPLATE_UNIQUE = { sport_ticket_template_org_name_uq: ['name', 'field.templateName'] as [string, string] };

const templateOut = (r: { template: TemplateRecord; useCount: number }) => ({
  id: r.template.id,
  orgId: r.template.orgId,
  name: r.template.name,
  kind: r.template.kind,
  widthMm: r.template.widthMm,
  heightMm: r.template.heightMm,
  backgroundColor: r.template.backgroundColor,
  backgroundUrl: r.template.backgroundUrl,
  elements: r.template.elements,
  useCount: r.useCount,
  version: r.template.version,
  createTime: r.template.createdAt,
  updateTime: r.template.updatedAt,
});

export async function listTemplates(db: Db, caller: Caller, q: TicketTemplateListQuery) {
  const { total, rows } = await pageTemplates(db, scopeOf(caller), { name: q.name, kind: q.kind }, orderOf(q, templateSorts, templateDefaultOrder), pageOf(q));
  return { total, data: rows.map(templateOut) };
}

export async function getTemplate(db: Executor, caller: Caller, id: number) {
  const { rows } = await pageTemplates(db, scopeOf(caller), { id }, [], { limit: 1, offset: 0 });
  if (!rows[0]) throw notFound();
  return templateOut(rows[0]);
}

export async function addTemplate(db: Db, caller: Caller, input: TicketTemplateCreate) {
  const { orgId, ...values } = input;
  const row = await mapDuplicate(
    insertTemplate(db, scopeOf(caller), { ...values, orgId: orgId ?? caller.orgId, backgroundColor: values.backgroundColor ?? '#ffffff' }),
    TEMPLATE_UNIQUE,
  );
  return getTemplate(db, caller, row.id);
}

/** Saves a template: the page's size and its elements are checked together (the stored ones fill in what the edit leaves out). */
export async function editTemplate(db: Db, caller: Caller, id: number, input: TicketTemplateUpdate) {
  const scope = scopeOf(caller);
  const row = await findTemplate(db, scope, id);
  if (!row) throw notFound();
  const { version, ...values } = input;
  const problems = templateProblems({
    widthMm: values.widthMm ?? row.widthMm,
    heightMm: values.heightMm ?? row.heightMm,
    elements: values.elements ?? row.elements,
  });
  if (problems.length) {
    const [[path, message]] = problems as [[(string | number)[], string]];
    throw invalid(path.join('.'), message);
  }
  expectOneUpdated(await mapDuplicate(updateTemplate(db, scope, id, version, values), TEMPLATE_UNIQUE));
  return getTemplate(db, caller, id);
}

export async function removeTemplates(db: Db, caller: Caller, ids: number[]) {
  const scope = scopeOf(caller);
  return inUse(
    removeEach(db, ids, (tx, id) => deleteTemplate(tx, scope, id)),
    'ticket.templateInUse',
  );
}

const yuanText = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

/** `GET ticket/template/print/{ticketId}`: a ticket's template (its session's, else its project's) and the data its fields print. */
export async function printTicket(db: Db, caller: Caller, ticketId: number, lang: Lang) {
  const scope = scopeOf(caller);
  const r = await ticketForPrint(db, scope, ticketId);
  if (!r) throw notFound();
  const templateId = r.sessionTemplate ?? r.projectTemplate;
  const template = templateId === null ? null : await getTemplate(db, caller, templateId);
  const tz = await timeZoneOf(db as unknown as Tx, caller.orgId);
  const time = new Intl.DateTimeFormat('sv-SE', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).format(
    r.startAt,
  );
  return {
    template,
    state: r.state,
    data: {
      project: r.projectName,
      session: r.sessionName,
      time,
      venue: r.venueName ?? '',
      seat: r.zone === null ? t(lang, 'ticket.print.noSeat') : `${r.zone} ${r.row}-${r.no}`,
      level: r.levelName,
      price: yuanText(r.priceFen),
      code: r.code,
      buyer: r.buyerName ?? '',
    },
  };
}

// ---------------------------------------------------------------- want-to-see

const WANT_SEE_UNIQUE = { sport_ticket_want_see_phone_uq: ['phone', 'field.wantSeePhone'] as [string, string] };

type WantSeePageRow = Awaited<ReturnType<typeof pageWantSee>>['rows'][number];
const wantSeeOut = ({ entry: e, projectName, onSale }: WantSeePageRow) => ({
  id: e.id,
  orgId: e.orgId,
  projectId: e.projectId,
  projectName,
  name: e.name,
  phone: e.phone,
  count: e.count,
  note: e.note,
  onSale,
  notifiedAt: e.notifiedAt,
  version: e.version,
  createTime: e.createdAt,
  updateTime: e.updatedAt,
});

const wantSeeFilter = (q: WantSeeListQuery) => ({ projectId: q.projectId, keyword: q.keyword, toNotify: q.toNotify });

export async function listWantSee(db: Db, caller: Caller, q: WantSeeListQuery) {
  const { total, rows } = await pageWantSee(db, scopeOf(caller), wantSeeFilter(q), orderOf(q, wantSeeSorts, wantSeeDefaultOrder), pageOf(q));
  return { total, data: rows.map(wantSeeOut) };
}

export async function getWantSee(db: Executor, caller: Caller, id: number) {
  const { rows } = await pageWantSee(db, scopeOf(caller), { id }, [], { limit: 1, offset: 0 });
  if (!rows[0]) throw notFound();
  return wantSeeOut(rows[0]);
}

export async function addWantSee(db: Db, caller: Caller, input: WantSeeCreate) {
  const scope = scopeOf(caller);
  const project = await findProject(db, scope, input.projectId);
  if (!project) throw notFound();
  const row = await mapDuplicate(insertWantSee(db, scope, { ...input, orgId: project.orgId, count: input.count ?? 1 }), WANT_SEE_UNIQUE);
  return getWantSee(db, caller, row.id);
}

export async function editWantSee(db: Db, caller: Caller, id: number, input: WantSeeUpdate) {
  const scope = scopeOf(caller);
  if (!(await findWantSee(db, scope, id))) throw notFound();
  const { version, ...values } = input;
  expectOneUpdated(await mapDuplicate(updateWantSee(db, scope, id, version, values), WANT_SEE_UNIQUE));
  return getWantSee(db, caller, id);
}

export async function removeWantSee(db: Db, caller: Caller, ids: number[]) {
  const scope = scopeOf(caller);
  return removeEach(db, ids, (tx, id) => deleteWantSee(tx, scope, id));
}

const t2 = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });
const yesNo = [
  { value: 'true', label: t2('是', 'Yes') },
  { value: 'false', label: t2('否', 'No') },
];
const wantSeeSheet: SheetColumn[] = [
  { key: 'projectName', title: t2('项目', 'Project'), width: 24 },
  { key: 'name', title: t2('姓名', 'Name') },
  { key: 'phone', title: t2('手机号', 'Phone'), width: 14 },
  { key: 'count', title: t2('想看张数', 'Tickets wanted') },
  { key: 'note', title: t2('备注', 'Note'), width: 24 },
  { key: 'onSale', title: t2('已开售待通知', 'On sale, to notify'), options: yesNo },
  { key: 'createTime', title: t2('登记时间', 'Registered'), width: 20 },
];
const EXPORT_MAX = 50_000;

export async function exportWantSee(db: Db, caller: Caller, q: WantSeeListQuery, lang: Lang) {
  const { rows } = await pageWantSee(db, scopeOf(caller), wantSeeFilter(q), orderOf(q, wantSeeSorts, wantSeeDefaultOrder), { limit: EXPORT_MAX, offset: 0 });
  const data = rows.map((r) => {
    const o = wantSeeOut(r);
    return { ...o, onSale: String(o.onSale && !o.notifiedAt) };
  });
  return rowsXlsx(wantSeeSheet, data, lang, lang === 'zh-CN' ? '想看名单' : 'want-to-see', lang === 'zh-CN' ? '想看名单' : 'Want to see');
}

// ---------------------------------------------------------------- data log

type Logged = Record<string, unknown> & { id: number; orgId: number; name: string };
export type LogEntity = 'project' | 'session' | 'level';

/** The fields a project, session or level's data log compares. */
const LOGGED: Record<LogEntity, string[]> = {
  project: ['name', 'typeId', 'venueId', 'posterUrl', 'description', 'performerIds', 'noticeId', 'templateId', 'realName', 'perBuyerLimit', 'status'],
  session: [
    'name',
    'startAt',
    'endAt',
    'seated',
    'seatmapId',
    'seatmapVersion',
    'holdMinutes',
    'gateOpenMinutes',
    'gateCloseMinutes',
    'onSale',
    'status',
    'templateId',
  ],
  level: ['name', 'priceFen', 'color', 'quota', 'levelKeys', 'sort'],
};

function logValue(v: unknown): DataLogChange['before'] {
  if (v === undefined || v === null) return null;
  if (v instanceof Date) return v.toISOString();
  if (Array.isArray(v)) return v.map((x) => (typeof x === 'number' ? x : String(x)));
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  return JSON.stringify(v);
}

/** The fields that differ between two states of a record (an added record: its set fields; a removed one: its last values). */
export function changesOf(entity: LogEntity, before: Record<string, unknown> | null, after: Record<string, unknown> | null): DataLogChange[] {
  const out: DataLogChange[] = [];
  for (const field of LOGGED[entity]) {
    const b = before ? logValue(before[field]) : null;
    const a = after ? logValue(after[field]) : null;
    if (JSON.stringify(b) !== JSON.stringify(a)) out.push({ field, before: b, after: a });
  }
  return out;
}

/**
 * Records a change of a project, session or level in its project's data log, in the caller's
 * transaction: `before` null is an addition, `after` null a removal; an edit that changed nothing
 * is not recorded. `action` `move` names a session moved to a later map version.
 */
export async function logChange(
  tx: Executor,
  caller: Caller,
  entity: LogEntity,
  projectId: number,
  before: Logged | null,
  after: Logged | null,
  action?: 'move',
) {
  const rec = (after ?? before)!;
  const changes = changesOf(entity, before, after);
  if (before && after && !changes.length) return;
  await insertDataLog(tx, scopeOf(caller), [
    {
      orgId: rec.orgId,
      projectId,
      entity,
      entityId: rec.id,
      action: action ?? (!before ? 'add' : !after ? 'remove' : 'edit'),
      label: rec.name.slice(0, 64),
      changes,
      userId: caller.userId || null,
      userName: caller.userName?.slice(0, 64) ?? null,
    },
  ]);
}

/** The logged fields that hold ids, and what they name. */
const REF_FIELDS: Record<string, RefKind> = {
  typeId: 'type',
  venueId: 'venue',
  performerIds: 'performer',
  noticeId: 'notice',
  templateId: 'template',
  seatmapId: 'seatmap',
};
const idsIn = (v: DataLogChange['before']): number[] => (Array.isArray(v) ? v : [v]).map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);

/** A project's data log, newest first; ids of types, venues, performers, notices, templates and seat maps come with the names they stand for now. */
export async function listDataLog(db: Db, caller: Caller, q: DataLogListQuery) {
  const scope = scopeOf(caller);
  if (!(await findProject(db, scope, q.projectId))) throw notFound();
  const { total, rows } = await pageDataLog(db, scope, { projectId: q.projectId, entity: q.entity }, pageOf(q));
  const wanted: Partial<Record<RefKind, number[]>> = {};
  for (const c of rows.flatMap((r) => r.changes)) {
    const kind = REF_FIELDS[c.field];
    if (kind) (wanted[kind] ??= []).push(...idsIn(c.before), ...idsIn(c.after));
  }
  const names = await refNames(db, scope, wanted);
  const nameOf = (kind: RefKind, v: DataLogChange['before']) => {
    if (v === null || typeof v === 'boolean') return null;
    if (Array.isArray(v)) return idsIn(v).map((n) => names.get(`${kind}:${n}`) ?? null);
    return names.get(`${kind}:${Number(v)}`) ?? null;
  };
  const changesOut = (changes: DataLogChange[]) =>
    changes.map((c) => {
      const kind = REF_FIELDS[c.field];
      return kind ? { ...c, beforeName: nameOf(kind, c.before), afterName: nameOf(kind, c.after) } : c;
    });
  return {
    total,
    data: rows.map((r) => ({
      id: r.id,
      projectId: r.projectId,
      entity: r.entity,
      entityId: r.entityId,
      action: r.action,
      label: r.label,
      changes: changesOut(r.changes),
      userName: r.userName,
      createTime: r.createdAt,
    })),
  };
}

// ---------------------------------------------------------------- a session moves to a later map version

/**
 * Moves a seated session to a later version of its map, in one transaction: a seat whose key is
 * still drawn keeps its state (its place, price area and level follow the new version; a free seat
 * drawn `unsold` now becomes blocked); a free or blocked seat no longer drawn goes (or stays,
 * blocked, when past tickets name it); a sold or held seat no longer drawn refuses the move, naming
 * the seats; new seats come free (or blocked when drawn `unsold`).
 */
export async function moveSessionMap(db: Db, caller: Caller, sessionId: number, input: MapVersionMove) {
  const scope = scopeOf(caller);
  return db.transaction(async (tx) => {
    const session = await findSession(tx, scope, sessionId, { lock: true });
    if (!session) throw notFound();
    if (!session.seated || session.seatmapId === null || session.seatmapVersion === null) throw conflict('state', 'ticket.notSeated');
    if (input.seatmapVersion <= session.seatmapVersion) throw invalid('seatmapVersion', 'ticket.mapNotLater', { current: session.seatmapVersion });
    if (session.version !== input.version) throw conflict('stale', 'error.stale');
    const v = await findSeatmapVersion(tx, scope, session.seatmapId, input.seatmapVersion);
    if (!v) throw invalid('seatmapVersion', 'seatmap.noVersion');
    const doc: SeatmapDocument = v.document;
    const drawn = new Map(doc.seats.filter((s) => s.kind !== 'shown').map((s) => [s.key, s]));
    const seats = await seatsForMove(tx, scope, sessionId);
    const vanishing = seats.filter((s) => !drawn.has(s.seatKey));
    const lost = vanishing.filter((s) => s.state === 'sold' || s.state === 'held');
    if (lost.length) {
      const labels = lost.map((s) => `${s.zone} ${s.row}-${s.no}`);
      throw conflict(
        'state',
        'ticket.mapSeatsVanish',
        { n: lost.length, seats: labels.slice(0, 20).join('、') + (labels.length > 20 ? '…' : '') },
        lost.map((s, i) => ({ field: `seats.${s.id}`, message: 'ticket.mapSeatLost', params: { seat: labels[i], state: s.state } })),
      );
    }
    const levels = await levelsOfSessions(tx, scope, [sessionId]);
    const byKey = new Map<string, number>();
    for (const l of levels) for (const k of l.levelKeys) if (!byKey.has(k)) byKey.set(k, l.id);
    const zoneName = new Map(doc.zones.map((z) => [z.key, z.name]));
    const place = (s: SeatmapDocument['seats'][number]) => ({
      zone: (zoneName.get(s.zone) ?? s.zone).slice(0, 32),
      row: s.row,
      no: s.no,
      levelKey: s.levelKey ?? null,
    });
    const have = new Set(seats.map((s) => s.seatKey));
    let kept = 0;
    for (const s of seats) {
      const d = drawn.get(s.seatKey);
      if (!d) continue;
      kept++;
      const live = s.state === 'sold' || s.state === 'held';
      const p = place(d);
      const levelId = live ? undefined : d.levelKey ? (byKey.get(d.levelKey) ?? null) : null;
      const state = s.state === 'free' && d.kind === 'unsold' ? ('blocked' as const) : undefined;
      if (p.zone !== s.zone || p.row !== s.row || p.no !== s.no || p.levelKey !== s.levelKey || (levelId !== undefined && levelId !== s.levelId) || state)
        await updateSeatPlace(tx, scope, sessionId, s.id, { ...p, ...(levelId !== undefined ? { levelId } : {}), ...(state ? { state } : {}) });
    }
    const gone = vanishing.map((s) => s.id);
    const deleted = await deleteUnusedSeats(tx, scope, sessionId, gone);
    if (deleted < gone.length)
      await blockSeats(
        tx,
        scope,
        sessionId,
        vanishing.filter((s) => s.ticketed).map((s) => s.id),
      );
    const fresh = [...drawn.values()]
      .filter((s) => !have.has(s.key))
      .map((s) => ({
        orgId: session.orgId,
        sessionId,
        seatKey: s.key,
        ...place(s),
        levelId: s.levelKey ? (byKey.get(s.levelKey) ?? null) : null,
        state: s.kind === 'unsold' ? 'blocked' : 'free',
      }));
    const added = await insertSeats(tx, scope, fresh);
    const [after] = await updateSession(tx, scope, sessionId, input.version, { seatmapVersion: input.seatmapVersion });
    expectOneUpdated(after ? [after] : []);
    await logChange(tx, caller, 'session', session.projectId, session as unknown as Logged, after as unknown as Logged, 'move');
    return { seatmapVersion: input.seatmapVersion, kept, added, removed: vanishing.length, version: (after as SessionRecord).version };
  });
}

// ---------------------------------------------------------------- choices

/** `GET ticket/choices`: project types and projects for the extras screens' filters. */
export async function ticketChoicesOf(db: Db, caller: Caller) {
  const scope = scopeOf(caller);
  const [types, projects] = await Promise.all([choiceTypes(db, scope), choiceProjects(db, scope)]);
  return { types, projects };
}

// ---------------------------------------------------------------- competition orders and data management

export async function listCompetitionOrders(db: Db, caller: Caller, q: CompetitionOrderQuery) {
  const { total, rows } = await pageCompetitionOrders(
    db,
    scopeOf(caller),
    { typeId: q.typeId, projectId: q.projectId, orderNo: q.orderNo, state: q.state, buyer: q.buyer },
    pageOf(q),
  );
  return {
    total,
    data: rows.map(({ order: o, projectId, projectName, typeName, sessionNames, ticketCount }) => ({
      id: o.id,
      orgId: o.orgId,
      orderNo: o.orderNo,
      projectId,
      projectName,
      typeName,
      sessionNames,
      ticketCount,
      buyerName: o.buyerName,
      buyerPhone: o.buyerPhone,
      payableFen: o.payableFen,
      paidFen: o.paidFen,
      refundedFen: o.refundedFen,
      state: o.state,
      createTime: o.createdAt,
    })),
  };
}

/** `GET ticket/competitionOrder/{id}`: the commerce order detail (items, payments, refunds, ledger) and its tickets with their seats. */
export async function getCompetitionOrder(db: Db, caller: Caller, id: number, origin: string) {
  if (!(await isTicketOrder(db, scopeOf(caller), id))) throw notFound();
  const [order, tickets] = await Promise.all([getOrderDetail(db, caller, id, origin), listTickets(db, caller, { orderId: id, pageNum: 1, pageSize: 500 })]);
  return { order, tickets: tickets.data };
}

export async function listOverview(db: Db, caller: Caller, q: DataOverviewQuery) {
  const { total, rows } = await pageOverview(db, scopeOf(caller), { typeId: q.typeId, name: q.name }, pageOf(q));
  return {
    total,
    data: rows.map((r) => ({
      ...r,
      firstStart: r.firstStart === null ? null : new Date(r.firstStart),
      lastStart: r.lastStart === null ? null : new Date(r.lastStart),
    })),
  };
}

const overviewSheet: SheetColumn[] = [
  { key: 'name', title: t2('项目', 'Project'), width: 28 },
  { key: 'typeName', title: t2('类型', 'Type') },
  { key: 'sessionCount', title: t2('场次', 'Sessions') },
  { key: 'onSaleCount', title: t2('在售场次', 'On sale') },
  { key: 'firstStart', title: t2('首场时间', 'First session'), width: 20 },
  { key: 'lastStart', title: t2('末场时间', 'Last session'), width: 20 },
  { key: 'sold', title: t2('已售未检', 'Sold, not used') },
  { key: 'used', title: t2('已检票', 'Used') },
  { key: 'refunded', title: t2('已退票', 'Refunded') },
  { key: 'revenue', title: t2('票款（元）', 'Revenue (yuan)') },
  { key: 'wantSee', title: t2('想看人数', 'Want to see') },
];

export async function exportOverview(db: Db, caller: Caller, q: DataOverviewQuery, lang: Lang) {
  const { rows } = await pageOverview(db, scopeOf(caller), { typeId: q.typeId, name: q.name }, { limit: EXPORT_MAX, offset: 0 });
  const data = rows.map((r) => ({
    ...r,
    firstStart: r.firstStart === null ? null : new Date(r.firstStart),
    lastStart: r.lastStart === null ? null : new Date(r.lastStart),
    revenue: (r.revenueFen / 100).toFixed(2),
  }));
  return rowsXlsx(overviewSheet, data, lang, lang === 'zh-CN' ? '票务数据' : 'ticketing-data', lang === 'zh-CN' ? '票务数据' : 'Ticketing data');
}
