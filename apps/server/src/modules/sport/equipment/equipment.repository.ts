import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { DEVICE_ONLINE_SECONDS } from '@venue/contract';
import type { Executor } from '../../../platform/db.ts';
import { assertInScope, inScope, type Scope } from '../../../platform/scope.ts';
import { scopedRepo, type Changes } from '../../../platform/scopedRepo.ts';
import { containsText, users } from '../../system/index.ts';
import { orders } from '../commerce/index.ts';
import { members } from '../member/index.ts';
import { venues } from '../venue/index.ts';
import { deviceCommands, devices, gateDecisions, gateEvents, gateGrants } from './equipment.table.ts';

/** Every query on devices, grants, events, decisions and commands (docs/decisions.md, "Gates"). */
export type GrantRecord = typeof gateGrants.$inferSelect;
export type EventInsert = typeof gateEvents.$inferInsert;

const deviceRepo = scopedRepo(devices);
const grantRepo = scopedRepo(gateGrants);
const eventRepo = scopedRepo(gateEvents);

const onlineSql = sql<boolean>`coalesce(${devices.lastSeenAt} > now() - make_interval(secs => ${DEVICE_ONLINE_SECONDS}), false)`;

// ---------------------------------------------------------------- devices

export const findDevice = (db: Executor, scope: Scope, id: number) => deviceRepo.find(db, scope, id);
export const findDevices = (db: Executor, scope: Scope, ids: readonly number[]) => deviceRepo.findMany(db, scope, ids);
export const insertDevice = (db: Executor, scope: Scope, values: typeof devices.$inferInsert) => deviceRepo.insert(db, scope, values);
export const updateDevice = (db: Executor, scope: Scope, id: number, version: number, values: Changes<typeof devices>) =>
  deviceRepo.update(db, scope, id, version, values);
export const removeDevices = (db: Executor, scope: Scope, ids: number[]) => deviceRepo.remove(db, scope, ids);

interface DeviceFilter {
  id?: number;
  venueId?: number;
  kind?: string;
  keyword?: string;
  online?: number;
}

function deviceWhere(scope: Scope, f: DeviceFilter): SQL | undefined {
  return deviceRepo.where(
    scope,
    f.id !== undefined ? eq(devices.id, f.id) : undefined,
    f.venueId !== undefined ? eq(devices.venueId, f.venueId) : undefined,
    f.kind ? eq(devices.kind, f.kind) : undefined,
    f.keyword ? sql`(${containsText(devices.name, f.keyword)} or ${containsText(devices.sn, f.keyword)})` : undefined,
    f.online === undefined ? undefined : f.online ? onlineSql : sql`not ${onlineSql}`,
  );
}
export const deviceSorts = { name: devices.name, sn: devices.sn, lastSeenTime: devices.lastSeenAt, createTime: devices.createdAt };
export const deviceDefaultOrder = [asc(devices.orgId), asc(devices.venueId), asc(devices.id)];

/** A page of devices with their venue's name, online state and queued commands. */
export async function pageDevices(db: Executor, scope: Scope, f: DeviceFilter, order: SQL[], page: { limit: number; offset: number }) {
  const where = deviceWhere(scope, f);
  const pending = sql<number>`(select count(*)::int from ${deviceCommands} c where c.device_id = ${devices.id} and c.state = 'queued')`;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ device: devices, stadiumName: venues.stadiumName, online: onlineSql, pendingCommands: pending })
      .from(devices)
      .innerJoin(venues, eq(venues.id, devices.venueId))
      .where(where)
      .orderBy(...order, asc(devices.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(devices)
      .where(where),
  ]);
  return { total: Number(total), rows };
}

/**
 * The device a protocol call names by its serial number, with its venue's time zone, whatever its
 * organisation (devices cannot sign in; the serial number is their only identity). Marks it seen.
 */
export async function seeDeviceBySn(db: Executor, scope: Scope, sn: string) {
  const [row] = await db
    .update(devices)
    .set({ lastSeenAt: sql`now()` })
    .where(deviceRepo.where(scope, eq(devices.sn, sn)))
    .returning({ id: devices.id, orgId: devices.orgId, venueId: devices.venueId, kind: devices.kind, name: devices.name });
  if (!row) return undefined;
  const [venue] = await db.select({ timeZone: venues.timeZone }).from(venues).where(eq(venues.id, row.venueId));
  return { ...row, timeZone: venue?.timeZone ?? 'Asia/Shanghai' };
}

/** The gates among `ids` of one organisation. */
export async function gatesOf(db: Executor, scope: Scope, orgId: number, ids: readonly number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: devices.id, name: devices.name })
    .from(devices)
    .where(deviceRepo.where(scope, eq(devices.orgId, orgId), eq(devices.kind, 'gate'), inArray(devices.id, [...ids])));
}

// ---------------------------------------------------------------- grants

export const findGrant = (db: Executor, scope: Scope, id: number) => grantRepo.find(db, scope, id);
export const findGrants = (db: Executor, scope: Scope, ids: readonly number[]) => grantRepo.findMany(db, scope, ids);
export const insertGrant = (db: Executor, scope: Scope, values: typeof gateGrants.$inferInsert) => grantRepo.insert(db, scope, values);
export const updateGrant = (db: Executor, scope: Scope, id: number, version: number, values: Changes<typeof gateGrants>) =>
  grantRepo.update(db, scope, id, version, values);
export const removeGrants = (db: Executor, scope: Scope, ids: number[]) => grantRepo.remove(db, scope, ids);

/** Every grant of a device PIN in the organisation. */
export const grantsOfPin = (db: Executor, scope: Scope, orgId: number, pin: string) =>
  db
    .select()
    .from(gateGrants)
    .where(grantRepo.where(scope, eq(gateGrants.orgId, orgId), eq(gateGrants.pin, pin)));

interface GrantFilter {
  id?: number;
  personKind?: string;
  deviceId?: number;
  keyword?: string;
}
const personName = sql<string>`coalesce(${members.name}, ${users.name}, '')`;
export const grantSorts = { validTo: gateGrants.validTo, validFrom: gateGrants.validFrom, createTime: gateGrants.createdAt };
export const grantDefaultOrder = [asc(gateGrants.orgId), desc(gateGrants.id)];

/** A page of grants with the person's name and the gates' names. */
export async function pageGrants(db: Executor, scope: Scope, f: GrantFilter, order: SQL[], page: { limit: number; offset: number }) {
  const where = grantRepo.where(
    scope,
    f.id !== undefined ? eq(gateGrants.id, f.id) : undefined,
    f.personKind ? eq(gateGrants.personKind, f.personKind) : undefined,
    f.deviceId !== undefined ? sql`${f.deviceId}::bigint = any(${gateGrants.deviceIds})` : undefined,
    f.keyword ? sql`(${containsText(personName, f.keyword)} or ${containsText(gateGrants.pin, f.keyword)})` : undefined,
  );
  const gateNames = sql<string>`coalesce((select string_agg(d.name, '、' order by d.id) from ${devices} d where d.id = any(${gateGrants.deviceIds}) and d.org_id = ${gateGrants.orgId}), '')`;
  const base = () =>
    db
      .select({ grant: gateGrants, personName, gateNames })
      .from(gateGrants)
      .leftJoin(members, eq(members.id, gateGrants.memberId))
      .leftJoin(users, eq(users.id, gateGrants.userId));
  const [rows, [{ total }]] = await Promise.all([
    base()
      .where(where)
      .orderBy(...order, desc(gateGrants.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(gateGrants)
      .leftJoin(members, eq(members.id, gateGrants.memberId))
      .leftJoin(users, eq(users.id, gateGrants.userId))
      .where(where),
  ]);
  return { total: Number(total), rows };
}

/** A staff user of the scope: its name. */
export async function findStaff(db: Executor, scope: Scope, userId: number) {
  const [row] = await db
    .select({ id: users.id, orgId: users.orgId, name: users.name })
    .from(users)
    .where(and(eq(users.id, userId), inScope(scope, users.orgId)));
  return row;
}

// ---------------------------------------------------------------- events, decisions, commands

/**
 * Stores the events not stored yet and answers only those: one statement, `on conflict do nothing`
 * on (device, the device's event key), so a resend or a batch sent again inserts nothing twice,
 * whatever the order and however many processes receive it.
 */
export async function insertNewEvents(db: Executor, scope: Scope, rows: EventInsert[]) {
  if (!rows.length) return [];
  await assertInScope(db, scope, new Set(rows.map((r) => r.orgId)));
  return db
    .insert(gateEvents)
    .values(rows)
    .onConflictDoNothing({ target: [gateEvents.deviceId, gateEvents.eventKey] })
    .returning({ id: gateEvents.id, orgId: gateEvents.orgId, deviceId: gateEvents.deviceId, pin: gateEvents.pin, occurredAt: gateEvents.occurredAt });
}

export async function insertDecisions(db: Executor, scope: Scope, rows: (typeof gateDecisions.$inferInsert)[]) {
  if (!rows.length) return [];
  await assertInScope(db, scope, new Set(rows.map((r) => r.orgId)));
  return db
    .insert(gateDecisions)
    .values(rows)
    .onConflictDoNothing({ target: gateDecisions.eventId })
    .returning({ id: gateDecisions.id, eventId: gateDecisions.eventId });
}

export async function insertCommands(db: Executor, scope: Scope, rows: (typeof deviceCommands.$inferInsert)[]) {
  if (!rows.length) return;
  await assertInScope(db, scope, new Set(rows.map((r) => r.orgId)));
  await db.insert(deviceCommands).values(rows);
}

/** Hands the device its queued commands (oldest first, at most `limit`), marking them sent, in one statement. */
export async function takeCommands(db: Executor, scope: Scope, deviceId: number, limit: number) {
  const res = (await db.execute(sql`
    update ${deviceCommands} set state = 'sent', sent_at = now()
    where id in (select c.id from ${deviceCommands} c where c.device_id = ${deviceId} and c.state = 'queued' and ${inScope(scope, sql`c.org_id`) ?? sql`true`}
      order by c.id limit ${limit})
    returning id, command`)) as unknown as { rows: { id: number | string; command: string }[] };
  return res.rows.map((r) => ({ id: Number(r.id), command: String(r.command) })).sort((a, b) => a.id - b.id);
}

/** Records a device's result of its sent commands (0: done; anything else: failed). Answers how many matched. */
export async function finishCommands(db: Executor, scope: Scope, deviceId: number, results: readonly { id: number; returnCode: number }[]) {
  let n = 0;
  for (const r of results) {
    const rows = await db
      .update(deviceCommands)
      .set({ state: r.returnCode === 0 ? 'done' : 'failed', returnCode: r.returnCode, doneAt: sql`now()` })
      .where(and(inScope(scope, deviceCommands.orgId), eq(deviceCommands.deviceId, deviceId), eq(deviceCommands.id, r.id), eq(deviceCommands.state, 'sent')))
      .returning({ id: deviceCommands.id });
    n += rows.length;
  }
  return n;
}

/** Which of these orders (of the organisation) a member bought: read-only join on the core's order table. */
export async function ordersOfMember(db: Executor, scope: Scope, orderIds: readonly number[], memberId: number) {
  if (!orderIds.length) return [];
  return db
    .select({ id: orders.id, orderNo: orders.orderNo })
    .from(orders)
    .where(and(inScope(scope, orders.orgId), inArray(orders.id, [...orderIds]), eq(orders.memberId, memberId)));
}

interface LogFilter {
  venueId?: number;
  deviceId?: number;
  /** [from, to) of the day asked. */
  from?: Date;
  to?: Date;
  result?: 'allowed' | 'denied';
  pin?: string;
}
export const logSorts = { occurredTime: gateEvents.occurredAt, receivedTime: gateEvents.receivedAt };
export const logDefaultOrder = [desc(gateEvents.occurredAt)];

/** A page of the access log: events with their device, venue, decision and person. */
export async function pageLog(db: Executor, scope: Scope, f: LogFilter, order: SQL[], page: { limit: number; offset: number }) {
  const where = eventRepo.where(
    scope,
    f.venueId !== undefined ? eq(devices.venueId, f.venueId) : undefined,
    f.deviceId !== undefined ? eq(gateEvents.deviceId, f.deviceId) : undefined,
    f.from ? sql`${gateEvents.occurredAt} >= ${f.from.toISOString()}` : undefined,
    f.to ? sql`${gateEvents.occurredAt} < ${f.to.toISOString()}` : undefined,
    f.result ? eq(gateDecisions.allowed, f.result === 'allowed') : undefined,
    f.pin ? eq(gateEvents.pin, f.pin) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        event: gateEvents,
        deviceName: devices.name,
        stadiumId: devices.venueId,
        stadiumName: venues.stadiumName,
        allowed: gateDecisions.allowed,
        reason: gateDecisions.reason,
        grantedBy: gateDecisions.grantedBy,
        opened: gateDecisions.opened,
        personName: sql<string | null>`coalesce(${members.name}, ${users.name})`,
      })
      .from(gateEvents)
      .innerJoin(devices, eq(devices.id, gateEvents.deviceId))
      .innerJoin(venues, eq(venues.id, devices.venueId))
      .leftJoin(gateDecisions, eq(gateDecisions.eventId, gateEvents.id))
      .leftJoin(members, eq(members.id, gateDecisions.memberId))
      .leftJoin(users, eq(users.id, gateDecisions.userId))
      .where(where)
      .orderBy(...order, desc(gateEvents.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(gateEvents)
      .innerJoin(devices, eq(devices.id, gateEvents.deviceId))
      .leftJoin(gateDecisions, eq(gateDecisions.eventId, gateEvents.id))
      .where(where),
  ]);
  return { total: Number(total), rows };
}

// ---------------------------------------------------------------- demo

// ---------------------------------------------------------------- golf bay controllers

/** The golf bay controllers of a venue with their bay, online state and last report (one query). */
export async function golfControllersOf(db: Executor, scope: Scope, venueId: number) {
  return db
    .select({
      id: devices.id,
      name: devices.name,
      siteId: devices.siteId,
      reportedState: devices.reportedState,
      reportedCode: devices.reportedCode,
      online: onlineSql,
    })
    .from(devices)
    .where(deviceRepo.where(scope, eq(devices.venueId, venueId), eq(devices.kind, 'golf_controller')));
}

/**
 * A golf controller's report of its state: stored, and whether it changed anything the bay view shows
 * (its state or code, or the device coming back from offline). `sn` names the device whatever its
 * organisation (its only identity), as every protocol call does.
 */
export async function reportGolfState(db: Executor, scope: Scope, sn: string, state: string, code: string | null) {
  const [before] = await db
    .select({
      id: devices.id,
      orgId: devices.orgId,
      venueId: devices.venueId,
      reportedState: devices.reportedState,
      reportedCode: devices.reportedCode,
      online: onlineSql,
    })
    .from(devices)
    .where(deviceRepo.where(scope, eq(devices.sn, sn), eq(devices.kind, 'golf_controller')))
    .for('update');
  if (!before) return undefined;
  await db
    .update(devices)
    .set({ lastSeenAt: sql`now()`, reportedState: state, reportedCode: code, reportedAt: sql`now()` })
    .where(deviceRepo.where(scope, eq(devices.id, before.id)));
  const changed = !before.online || before.reportedState !== state || before.reportedCode !== code;
  return { ...before, changed };
}

/** The buyers (name, member) of orders, read-only from the commerce core's orders. */
export async function buyersOfOrders(db: Executor, scope: Scope, orderIds: readonly number[]) {
  if (!orderIds.length) return [];
  return db
    .select({ id: orders.id, orderNo: orders.orderNo, buyerName: orders.buyerName, memberId: orders.memberId })
    .from(orders)
    .where(and(inScope(scope, orders.orgId), inArray(orders.id, [...orderIds])));
}

/** An organisation's first staff users, oldest first: the demo's gate grants for staff. */
export async function firstUsersOf(db: Executor, scope: Scope, orgId: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inScope(scope, users.orgId), eq(users.orgId, orgId)))
    .orderBy(asc(users.id))
    .limit(limit);
  return rows.map((u) => u.id);
}
