import {
  gatePinOf,
  type DeviceCreate,
  type DeviceListQuery,
  type DeviceUpdate,
  type GateGrantCreate,
  type GateGrantListQuery,
  type GateGrantUpdate,
  type GateLogListQuery,
} from '@venue/contract';
import type { Db, Executor } from '../../../platform/db.ts';
import { conflict, invalid, notFound } from '../../../platform/errors.ts';
import type { Caller } from '../../../platform/http.ts';
import { orderOf, pageOf } from '../../../platform/list.ts';
import { expectOneUpdated, scopeOf, type Scope } from '../../../platform/scope.ts';
import { isForeignKeyViolation, mapDuplicate } from '../../system/index.ts';
import { findMember } from '../member/index.ts';
import { addDays, findVenue, instantOf, sitesOf } from '../venue/index.ts';
import {
  deviceDefaultOrder,
  deviceSorts,
  findDevice,
  findDevices,
  findGrant,
  findGrants,
  findStaff,
  gatesOf,
  grantDefaultOrder,
  grantSorts,
  insertDevice,
  insertGrant,
  logDefaultOrder,
  logSorts,
  pageDevices,
  pageGrants,
  pageLog,
  removeDevices as deleteDevices,
  removeGrants as deleteGrants,
  updateDevice,
  updateGrant,
} from './equipment.repository.ts';
import './equipment.messages.ts';

const DEVICE_UNIQUE = {
  sport_equipment_device_sn_uq: ['sn', 'field.deviceSn'] as [string, string],
  sport_equipment_device_site_uq: ['siteId', 'field.golfBay'] as [string, string],
};

// ---------------------------------------------------------------- devices

type DevicePage = Awaited<ReturnType<typeof pageDevices>>['rows'][number];
const deviceOut = ({ device: d, stadiumName, online, pendingCommands }: DevicePage) => ({
  id: d.id,
  orgId: d.orgId,
  stadiumId: d.venueId,
  stadiumName,
  kind: d.kind,
  sn: d.sn,
  name: d.name,
  remark: d.remark,
  online: Boolean(online),
  lastSeenTime: d.lastSeenAt,
  pendingCommands: Number(pendingCommands),
  siteId: d.siteId,
  reportedState: d.reportedState,
  version: d.version,
  createTime: d.createdAt,
});

export async function listDevices(db: Db, caller: Caller, q: DeviceListQuery) {
  const scope = scopeOf(caller);
  const { total, rows } = await pageDevices(
    db,
    scope,
    { venueId: q.stadiumId, kind: q.kind, keyword: q.keyword, online: q.online },
    orderOf(q, deviceSorts, deviceDefaultOrder),
    pageOf(q),
  );
  return { total, data: rows.map(deviceOut) };
}

export async function getDevice(db: Executor, caller: Caller, id: number) {
  const { rows } = await pageDevices(db, scopeOf(caller), { id }, [], { limit: 1, offset: 0 });
  if (!rows[0]) throw notFound();
  return deviceOut(rows[0]);
}

async function venueOf(db: Executor, scope: Scope, stadiumId: number) {
  const v = await findVenue(db, scope, stadiumId);
  if (!v) throw notFound();
  return v;
}

/** A device's bay: only a golf controller has one, and it is a live golf site of the device's venue (100404 outside the scope). */
async function checkBay(db: Executor, scope: Scope, kind: string, venueId: number, siteId: number | null | undefined) {
  if (siteId === null || siteId === undefined) return;
  if (kind !== 'golf_controller') throw invalid('siteId', 'equipment.bayOnlyGolf');
  const [site] = await sitesOf(db, scope, { ids: [siteId] });
  if (!site) throw notFound();
  if (site.venueId !== venueId || site.sport !== 'golf') throw invalid('siteId', 'equipment.notGolfBay');
}

export async function addDevice(db: Db, caller: Caller, input: DeviceCreate) {
  const scope = scopeOf(caller);
  const venue = await venueOf(db, scope, input.stadiumId);
  if (input.orgId !== undefined && input.orgId !== venue.orgId) throw notFound();
  await checkBay(db, scope, input.kind, venue.id, input.siteId);
  const row = await mapDuplicate(
    insertDevice(db, scope, {
      orgId: venue.orgId,
      venueId: venue.id,
      kind: input.kind,
      sn: input.sn,
      name: input.name,
      remark: input.remark ?? null,
      siteId: input.siteId ?? null,
    }),
    DEVICE_UNIQUE,
  );
  return getDevice(db, caller, row.id);
}

export async function editDevice(db: Db, caller: Caller, id: number, input: DeviceUpdate) {
  const scope = scopeOf(caller);
  const found = await findDevice(db, scope, id);
  if (!found) throw notFound();
  const { version, stadiumId, ...values } = input;
  if (stadiumId !== undefined) {
    const venue = await venueOf(db, scope, stadiumId);
    if (venue.orgId !== found.orgId) throw notFound();
  }
  const siteId = values.siteId === undefined ? found.siteId : values.siteId;
  // A move to another venue or kind keeps a bay only when it still fits.
  await checkBay(db, scope, values.kind ?? found.kind, stadiumId ?? found.venueId, siteId);
  expectOneUpdated([
    await mapDuplicate(updateDevice(db, scope, id, version, { ...values, ...(stadiumId !== undefined ? { venueId: stadiumId } : {}) }), DEVICE_UNIQUE),
  ]);
  return getDevice(db, caller, id);
}

export async function removeDevices(db: Db, caller: Caller, ids: number[]) {
  const scope = scopeOf(caller);
  if ((await findDevices(db, scope, ids)).length !== new Set(ids).size) throw notFound(); // another organisation's: 100404
  try {
    return { deleted: await deleteDevices(db, scope, ids) };
  } catch (e) {
    if (isForeignKeyViolation(e)) throw conflict('state', 'equipment.hasEvents');
    throw e;
  }
}

// ---------------------------------------------------------------- grants

const hhmmOf = (min: number) => `${String(Math.floor(min / 60)).padStart(2, '0')}:${String(min % 60).padStart(2, '0')}`;
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

type GrantPage = Awaited<ReturnType<typeof pageGrants>>['rows'][number];
const grantOut = ({ grant: g, personName, gateNames }: GrantPage) => ({
  id: g.id,
  orgId: g.orgId,
  personKind: g.personKind,
  memberId: g.memberId,
  userId: g.userId,
  personName: personName ?? '',
  pin: g.pin,
  deviceIds: g.deviceIds.map(Number),
  gateNames: gateNames ?? '',
  weekdays: [...g.weekdays].map(Number).sort(),
  startTime: hhmmOf(g.startMin),
  endTime: hhmmOf(g.endMin),
  validFrom: g.validFrom,
  validTo: g.validTo,
  remark: g.remark,
  version: g.version,
  createTime: g.createdAt,
});

export async function listGrants(db: Db, caller: Caller, q: GateGrantListQuery) {
  const { total, rows } = await pageGrants(
    db,
    scopeOf(caller),
    { personKind: q.personKind, deviceId: q.deviceId, keyword: q.keyword },
    orderOf(q, grantSorts, grantDefaultOrder),
    pageOf(q),
  );
  return { total, data: rows.map(grantOut) };
}

export async function getGrant(db: Executor, caller: Caller, id: number) {
  const { rows } = await pageGrants(db, scopeOf(caller), { id }, [], { limit: 1, offset: 0 });
  if (!rows[0]) throw notFound();
  return grantOut(rows[0]);
}

interface GrantShape {
  personKind: 'member' | 'staff';
  memberId?: number | null;
  userId?: number | null;
  deviceIds: number[];
  weekdays: number[];
  startTime: string;
  endTime: string;
  validFrom: string;
  validTo: string;
}

/** The grant's rules on its fields together; answers the organisation, the person's PIN and the columns. */
async function grantValues(db: Executor, scope: Scope, g: GrantShape, orgId?: number) {
  let personOrg: number;
  let pin: string;
  if (g.personKind === 'member') {
    if (!g.memberId) throw invalid('memberId', 'equipment.personRequired');
    const m = await findMember(db, scope, g.memberId);
    if (!m) throw notFound();
    personOrg = m.orgId;
    pin = gatePinOf('member', m.id);
  } else {
    if (!g.userId) throw invalid('userId', 'equipment.personRequired');
    const u = await findStaff(db, scope, g.userId);
    if (!u) throw notFound();
    personOrg = u.orgId;
    pin = gatePinOf('staff', u.id);
  }
  const org = orgId ?? personOrg;
  if (personOrg !== org) throw notFound();
  const ids = [...new Set(g.deviceIds)];
  if ((await gatesOf(db, scope, org, ids)).length !== ids.length) throw notFound(); // not a gate of the organisation, or out of scope
  const startMin = minutesOf(g.startTime);
  const endMin = minutesOf(g.endTime);
  if (endMin <= startMin) throw invalid('endTime', 'equipment.timeOrder');
  if (g.validTo < g.validFrom) throw invalid('validTo', 'equipment.dayOrder');
  return {
    orgId: org,
    personKind: g.personKind,
    memberId: g.personKind === 'member' ? g.memberId! : null,
    userId: g.personKind === 'staff' ? g.userId! : null,
    pin,
    deviceIds: ids,
    weekdays: [...new Set(g.weekdays)].sort(),
    startMin,
    endMin,
    validFrom: g.validFrom,
    validTo: g.validTo,
  };
}

export async function addGrant(db: Db, caller: Caller, input: GateGrantCreate) {
  const scope = scopeOf(caller);
  const values = await grantValues(db, scope, input, input.orgId);
  const row = await insertGrant(db, scope, { ...values, remark: input.remark ?? null });
  return getGrant(db, caller, row.id);
}

export async function editGrant(db: Db, caller: Caller, id: number, input: GateGrantUpdate) {
  const scope = scopeOf(caller);
  const found = await findGrant(db, scope, id);
  if (!found) throw notFound();
  const merged: GrantShape = {
    personKind: (input.personKind ?? found.personKind) as 'member' | 'staff',
    memberId: input.memberId !== undefined ? input.memberId : found.memberId,
    userId: input.userId !== undefined ? input.userId : found.userId,
    deviceIds: input.deviceIds ?? found.deviceIds.map(Number),
    weekdays: input.weekdays ?? found.weekdays.map(Number),
    startTime: input.startTime ?? hhmmOf(found.startMin),
    endTime: input.endTime ?? hhmmOf(found.endMin),
    validFrom: input.validFrom ?? found.validFrom,
    validTo: input.validTo ?? found.validTo,
  };
  const { orgId: _org, ...values } = await grantValues(db, scope, merged, found.orgId);
  expectOneUpdated([await updateGrant(db, scope, id, input.version, { ...values, ...(input.remark !== undefined ? { remark: input.remark } : {}) })]);
  return getGrant(db, caller, id);
}

export async function removeGrants(db: Db, caller: Caller, ids: number[]) {
  const scope = scopeOf(caller);
  if ((await findGrants(db, scope, ids)).length !== new Set(ids).size) throw notFound(); // another organisation's: 100404
  return { deleted: await deleteGrants(db, scope, ids) };
}

// ---------------------------------------------------------------- the access log

type LogPage = Awaited<ReturnType<typeof pageLog>>['rows'][number];
const logOut = (r: LogPage) => ({
  id: r.event.id,
  orgId: r.event.orgId,
  deviceId: r.event.deviceId,
  deviceName: r.deviceName,
  stadiumId: r.stadiumId,
  stadiumName: r.stadiumName,
  pin: r.event.pin,
  personName: r.personName ?? null,
  source: r.event.source,
  occurredTime: r.event.occurredAt,
  receivedTime: r.event.receivedAt,
  result: r.allowed === null ? null : r.allowed ? ('allowed' as const) : ('denied' as const),
  reason: r.reason,
  grantedBy: r.grantedBy,
  opened: r.opened ?? false,
});

export async function listLog(db: Db, caller: Caller, q: GateLogListQuery) {
  const scope = scopeOf(caller);
  let from: Date | undefined;
  let to: Date | undefined;
  if (q.day) {
    // The venue's day when one is asked, else China's (the default zone of venues).
    const tz = q.stadiumId !== undefined ? ((await findVenue(db, scope, q.stadiumId))?.timeZone ?? 'Asia/Shanghai') : 'Asia/Shanghai';
    from = instantOf(q.day, 0, tz);
    to = instantOf(addDays(q.day, 1), 0, tz);
  }
  const { total, rows } = await pageLog(
    db,
    scope,
    { venueId: q.stadiumId, deviceId: q.deviceId, from, to, result: q.result, pin: q.pin },
    orderOf(q, logSorts, logDefaultOrder),
    pageOf(q),
  );
  return { total, data: rows.map(logOut) };
}
