import type { OrgCreate, OrgTreeQuery, OrgUpdate } from '@venue/contract';
import type { Db } from '../../platform/db.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import type { Caller } from '../../platform/http.ts';
import { expectOneUpdated, scopeOf, SYSTEM_SCOPE, VENUE_ORG_TYPE, type Scope } from '../../platform/scope.ts';
import { presetVenueRoles, unusedPresetRoles } from './venueRoles.seed.ts';
import { deleteRoles } from './role.repository.ts';
import { isForeignKeyViolation, mapDuplicate } from './admin.common.ts';
import { deleteOrg, endSessionsIn, findOrg, insertOrg, isInSubtree, orgName, orgUsage, scopedOrgs, updateOrg, type OrgRow } from './org.repository.ts';

/**
 * Organisations and departments (spec 3): a tree. A caller sees and manages their own
 * organisation and everything below it; the platform organisation sees all. The platform
 * organisation is the one root of the tree and the only organisation of type 1: no call creates,
 * retypes, disables, moves or deletes it, and only its users may change another organisation's
 * type. Platform scope comes from being that record (see session.service.ts). Deleting is refused
 * while an organisation has sub-organisations, users or roles. Disabling one ends the live
 * sessions opened in it and below it, and nobody can open a new one there.
 */

/** Reads only the name of the parent of an organisation already found in the caller's reach. */
const PARENT_NAME_SCOPE: Scope = SYSTEM_SCOPE;

const ORG_UNIQUE = { sys_org_code_uq: ['code', 'field.orgCode'] as [string, string] };

export interface OrgView {
  id: number;
  parentId: number | null;
  code: string;
  name: string;
  fullName: string | null;
  type: number;
  status: number;
  address: string | null;
  zipCode: string | null;
  phone: string | null;
  remark: string | null;
  orderNum: number;
  timeZone: string;
  version: number;
  createTime: Date;
  updateTime: Date;
}

export interface OrgNode extends OrgView {
  children: OrgNode[];
}

export function orgView(r: OrgRow): OrgView {
  return {
    id: r.id,
    parentId: r.parentId,
    code: r.code,
    name: r.name,
    fullName: r.fullName,
    type: r.type,
    status: r.status,
    address: r.address,
    zipCode: r.zipCode,
    phone: r.phone,
    remark: r.remark,
    orderNum: r.orderNum,
    timeZone: r.timeZone,
    version: r.version,
    createTime: r.createdAt,
    updateTime: r.updatedAt,
  };
}

/** Nodes whose parent is not in the list become roots (a caller's own organisation heads their tree). */
/** A node of a tree built from rows: the row and its children. */
export type TreeOf<T> = T & { children: TreeOf<T>[] };

export function buildOrgTree<T extends { id: number; parentId: number | null }>(rows: T[]): TreeOf<T>[] {
  type N = TreeOf<T>;
  const nodes = new Map<number, N>();
  for (const r of rows) nodes.set(r.id, { ...r, children: [] } as N);
  const roots: N[] = [];
  for (const n of nodes.values()) {
    const p = n.parentId === null ? undefined : nodes.get(n.parentId);
    if (p) p.children.push(n);
    else roots.push(n);
  }
  return roots as never;
}

/** The organisation tree for the screen; a name or status filter keeps matches and their ancestors. */
export async function orgTree(db: Db, caller: Caller, q: OrgTreeQuery = {}): Promise<OrgNode[]> {
  let rows = await scopedOrgs(db, scopeOf(caller));
  const name = q.name?.toLowerCase();
  const status = q.status === '' || q.status === undefined ? undefined : q.status;
  if (name || status !== undefined) {
    const byId = new Map(rows.map((r) => [r.id, r]));
    const keep = new Set<number>();
    for (const r of rows) {
      const hit =
        (!name || r.name.toLowerCase().includes(name) || r.code.toLowerCase().includes(name) || (r.fullName ?? '').toLowerCase().includes(name)) &&
        (status === undefined || r.status === status);
      if (!hit) continue;
      for (let cur: OrgRow | undefined = r; cur && !keep.has(cur.id); cur = cur.parentId === null ? undefined : byId.get(cur.parentId)) keep.add(cur.id);
    }
    rows = rows.filter((r) => keep.has(r.id));
  }
  return buildOrgTree(rows.map(orgView)) as OrgNode[];
}

/** A light tree for pickers (id, parentId, code, name, type, status). */
export async function orgOptions(db: Db, caller: Caller) {
  const rows = await scopedOrgs(db, scopeOf(caller));
  return buildOrgTree(rows.map((r) => ({ id: r.id, parentId: r.parentId, code: r.code, name: r.name, type: r.type, status: r.status })));
}

export async function getOrg(db: Db, caller: Caller, id: number): Promise<OrgView & { parentName: string | null }> {
  const row = await findOrg(db, scopeOf(caller), id);
  if (!row) throw notFound();
  // The parent's name is shown even when the parent lies above the caller's reach (their own organisation's parent).
  return { ...orgView(row), parentName: row.parentId === null ? null : await orgName(db, PARENT_NAME_SCOPE, row.parentId) };
}

/** Type 1 belongs to the platform organisation alone; only the platform organisation may retype an organisation. */
const PLATFORM_TYPE = 1;
const platformTypeReserved = () => new AppError('FORM_INVALID', 'org.typeReserved', undefined, [{ field: 'type', message: 'org.typeReserved' }]);

export async function createOrg(db: Db, caller: Caller, input: OrgCreate): Promise<OrgView> {
  if (input.type === PLATFORM_TYPE) throw platformTypeReserved();
  const scope = scopeOf(caller);
  const parent = await findOrg(db, scope, input.parentId);
  if (!parent) throw notFound();
  const type = input.type ?? 4;
  const row = await mapDuplicate(
    db.transaction(async (tx) => {
      const made = await insertOrg(tx, scope, {
        parentId: parent.id,
        code: input.code,
        name: input.name,
        fullName: input.fullName ?? null,
        type,
        status: input.status ?? 0,
        address: input.address ?? null,
        zipCode: input.zipCode ?? null,
        phone: input.phone ?? null,
        remark: input.remark ?? null,
        orderNum: input.orderNum ?? 0,
        timeZone: input.timeZone || parent.timeZone,
      });
      // A new venue organisation starts with its front desk, cashier and manager roles.
      if (type === VENUE_ORG_TYPE) await presetVenueRoles(tx, made.id);
      return made;
    }),
    ORG_UNIQUE,
  );
  return orgView(row);
}

const isPlatformRoot = (r: OrgRow) => r.parentId === null;

export async function editOrg(db: Db, caller: Caller, id: number, input: OrgUpdate): Promise<OrgView> {
  const scope = scopeOf(caller);
  const row = await findOrg(db, scope, id);
  if (!row) throw notFound();
  const moving = input.parentId !== undefined && input.parentId !== row.parentId;
  const disabling = input.status !== undefined && input.status !== 0 && row.status === 0;
  const retyping = input.type !== undefined && input.type !== row.type;
  if (isPlatformRoot(row) && (moving || disabling || retyping)) throw new AppError('INVALID', 'org.platformFixed');
  if (retyping && !caller.platform) throw new AppError('FORBIDDEN', 'org.typePlatformOnly');
  if (retyping && input.type === PLATFORM_TYPE) throw platformTypeReserved();
  if (!caller.platform && (id === caller.orgId || id === caller.sessionOrgId) && (moving || disabling)) throw new AppError('FORBIDDEN', 'error.forbidden');
  if (moving) {
    const parent = await findOrg(db, scope, input.parentId!);
    if (!parent) throw notFound();
    if (await isInSubtree(db, scope, id, parent.id)) {
      throw new AppError('FORM_INVALID', 'org.parentInvalid', undefined, [{ field: 'parentId', message: 'org.parentInvalid' }]);
    }
  }
  const { version, ...fields } = input;
  return db.transaction(async (tx) => {
    const updated = await mapDuplicate(updateOrg(tx, scope, id, version, fields), ORG_UNIQUE);
    expectOneUpdated(updated);
    if (disabling) await endSessionsIn(tx, scope, id);
    return orgView(updated[0]!);
  });
}

export async function removeOrg(db: Db, caller: Caller, id: number): Promise<void> {
  const scope = scopeOf(caller);
  const row = await findOrg(db, scope, id);
  if (!row) throw notFound();
  if (isPlatformRoot(row)) throw new AppError('INVALID', 'org.platformFixed');
  if (!caller.platform && (id === caller.orgId || id === caller.sessionOrgId)) throw new AppError('FORBIDDEN', 'error.forbidden');
  const usage = await orgUsage(db, scope, id);
  if (usage.children) throw conflict('state', 'org.hasChildren', { n: usage.children });
  if (usage.users) throw conflict('state', 'org.hasUsers', { n: usage.users });
  // Preset roles nobody holds go with the organisation.
  const presets = await unusedPresetRoles(db, id);
  if (usage.roles > presets.length) throw conflict('state', 'org.hasRoles', { n: usage.roles - presets.length });
  try {
    await db.transaction(async (tx) => {
      await deleteRoles(tx, scope, presets);
      await deleteOrg(tx, scope, id);
    });
  } catch (e) {
    if (isForeignKeyViolation(e)) throw conflict('state', 'org.inUse');
    throw e;
  }
}
