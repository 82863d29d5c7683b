import { aliasedTable, and, getTableColumns, asc, count, eq, ilike, inArray, notInArray, sql } from 'drizzle-orm';
import type { RegionBody, RegionListQuery, RegionUpdate } from '@venue/contract';
import type { Db, Executor } from '../../platform/db.ts';
import { AppError, conflict, isUniqueViolation, notFound } from '../../platform/errors.ts';
import { orderOf, pageOf } from '../../platform/list.ts';
import { expectOneUpdated } from '../../platform/scope.ts';
import { contains } from './config.service.ts';
import { regions } from './region.table.ts';
import './region.messages.ts';

/** Administrative regions: a tree of at most four levels; the level follows from the parent. */

export type Region = typeof regions.$inferSelect;
export interface RegionNode extends Region {
  children: RegionNode[];
}

const fieldError = (codeName: 'INVALID', field: string, msgKey: string) => new AppError(codeName, msgKey, undefined, [{ field, message: msgKey }]);
const duplicateError = (field: string, msgKey: string) => conflict('duplicate', msgKey, undefined, [{ field, message: msgKey }]);

async function guarded<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (isUniqueViolation(e)) throw duplicateError('code', 'region.duplicateCode');
    throw e;
  }
}

export async function listRegions(db: Db, q: RegionListQuery) {
  const parent = aliasedTable(regions, 'parent');
  const where = and(
    q.code ? ilike(regions.code, contains(q.code)) : undefined,
    q.name ? ilike(regions.name, contains(q.name)) : undefined,
    q.level ? eq(regions.level, q.level) : undefined,
    q.parentId === undefined ? undefined : q.parentId === null || q.parentId === 0 ? sql`${regions.parentId} is null` : eq(regions.parentId, q.parentId),
  );
  const { limit, offset } = pageOf(q);
  const [data, [total]] = await Promise.all([
    db
      .select({ ...getTableColumns(regions), parentName: parent.name, parentCode: parent.code })
      .from(regions)
      .leftJoin(parent, eq(parent.id, regions.parentId))
      .where(where)
      .orderBy(
        ...orderOf(q, { code: regions.code, name: regions.name, level: regions.level, orderNum: regions.orderNum }, [
          asc(regions.level),
          asc(regions.orderNum),
          asc(regions.code),
        ]),
      )
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(regions).where(where),
  ]);
  return { total: Number(total?.n ?? 0), data };
}

/** The whole tree (or the subtree under `rootId`). */
export async function regionTree(db: Db, rootId?: number): Promise<RegionNode[]> {
  const rows = await db.select().from(regions).orderBy(asc(regions.orderNum), asc(regions.code));
  const nodes = new Map<number, RegionNode>(rows.map((r) => [r.id, { ...r, children: [] }]));
  const roots: RegionNode[] = [];
  for (const n of nodes.values()) {
    const p = n.parentId ? nodes.get(n.parentId) : undefined;
    if (p) p.children.push(n);
    else roots.push(n);
  }
  if (rootId === undefined) return roots;
  const root = nodes.get(rootId);
  if (!root) throw notFound();
  return root.children;
}

/** One level of the tree for lazy loading: the children of `parentId` (0 = provinces), each saying whether it has children. */
export async function regionChildren(db: Db, parentId: number) {
  const rows = await db
    .select({ region: regions, hasChildren: sql<boolean>`exists (select 1 from sys_region c where c.parent_id = "sys_region"."id")` })
    .from(regions)
    .where(parentId === 0 ? sql`${regions.parentId} is null` : eq(regions.parentId, parentId))
    .orderBy(asc(regions.orderNum), asc(regions.code));
  return rows.map((r) => ({ ...r.region, hasChildren: Boolean(r.hasChildren) }));
}

async function regionRow(db: Executor, id: number): Promise<Region> {
  const [row] = await db.select().from(regions).where(eq(regions.id, id));
  if (!row) throw notFound();
  return row;
}

export const getRegion = (db: Db, id: number) => regionRow(db, id);

async function levelUnder(db: Executor, parentId: number | null | undefined): Promise<number> {
  if (!parentId) return 1;
  const [p] = await db.select({ level: regions.level }).from(regions).where(eq(regions.id, parentId));
  if (!p) throw fieldError('INVALID', 'parentId', 'error.notFound');
  if (p.level >= 4) throw fieldError('INVALID', 'parentId', 'region.tooDeep');
  return p.level + 1;
}

export async function addRegion(db: Db, input: RegionBody): Promise<Region> {
  const level = await levelUnder(db, input.parentId);
  return guarded(async () => {
    const [row] = await db
      .insert(regions)
      .values({ code: input.code, name: input.name, parentId: input.parentId || null, level, orderNum: input.orderNum ?? 0, remark: input.remark ?? null })
      .returning();
    return row!;
  });
}

export async function editRegion(db: Db, id: number, input: RegionUpdate): Promise<Region> {
  const current = await regionRow(db, id);
  const parentId = input.parentId || null;
  if (parentId !== current.parentId) {
    if (parentId !== null) {
      const res = (await db.execute(sql`with recursive up as (
          select id, parent_id from sys_region where id = ${parentId}
          union all select r.id, r.parent_id from sys_region r join up on r.id = up.parent_id)
        select 1 from up where id = ${id}`)) as unknown as { rows: unknown[] };
      if (res.rows.length) throw fieldError('INVALID', 'parentId', 'region.badParent');
    }
    if ((await levelUnder(db, parentId)) !== current.level) throw fieldError('INVALID', 'parentId', 'region.levelChange');
  }
  return guarded(async () => {
    const rows = await db
      .update(regions)
      .set({
        code: input.code,
        name: input.name,
        parentId,
        orderNum: input.orderNum ?? current.orderNum,
        remark: input.remark ?? null,
        version: sql`${regions.version} + 1`,
        updatedAt: new Date(),
      })
      .where(and(eq(regions.id, id), eq(regions.version, input.version)))
      .returning();
    expectOneUpdated(rows);
    return rows[0]!;
  });
}

export async function deleteRegions(db: Db, ids: number[]): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx.select({ id: regions.id }).from(regions).where(inArray(regions.id, ids)).for('update');
    if (rows.length !== new Set(ids).size) throw notFound();
    const [child] = await tx
      .select({ id: regions.id })
      .from(regions)
      .where(and(inArray(regions.parentId, ids), notInArray(regions.id, ids)))
      .limit(1);
    if (child) throw new AppError('INVALID', 'region.hasChildren');
    // Children selected together with their parent go first.
    for (let left = new Set(ids); left.size;) {
      const leaves = await tx
        .select({ id: regions.id })
        .from(regions)
        .where(and(inArray(regions.id, [...left]), sql`not exists (select 1 from sys_region c where c.parent_id = "sys_region"."id")`));
      if (!leaves.length) break;
      await tx.delete(regions).where(
        inArray(
          regions.id,
          leaves.map((l) => l.id),
        ),
      );
      for (const l of leaves) left.delete(l.id);
    }
    return rows.length;
  });
}
