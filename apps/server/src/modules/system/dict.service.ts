import { and, asc, count, eq, ilike, inArray, max, sql, type SQL } from 'drizzle-orm';
import type { DictBody, DictListQuery, DictUpdate, ItemCreate, ItemListQuery, ItemUpdate } from '@venue/contract';
import type { Db, Executor } from '../../platform/db.ts';
import { AppError, conflict, isUniqueViolation, notFound } from '../../platform/errors.ts';
import { orderOf, pageOf, selectPage } from '../../platform/list.ts';
import { expectOneUpdated } from '../../platform/scope.ts';
import { dictItems, dicts } from './system.table.ts';
import { contains } from './config.service.ts';
import './dict.messages.ts';

/**
 * Dictionaries and their items. Sealed dictionaries (the maintain flag) ship with the
 * product and are referenced by code: they cannot be deleted, their code cannot change,
 * and their items keep their values (names, order and status can be edited).
 */

const fieldError = (codeName: 'INVALID', field: string, msgKey: string) => new AppError(codeName, msgKey, undefined, [{ field, message: msgKey }]);
const duplicateError = (field: string, msgKey: string) => conflict('duplicate', msgKey, undefined, [{ field, message: msgKey }]);

async function guarded<T>(fn: () => Promise<T>, field: string, msgKey: string): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (isUniqueViolation(e)) throw duplicateError(field, msgKey);
    throw e;
  }
}

export async function listDicts(db: Db, q: DictListQuery) {
  const where = and(
    q.code ? ilike(dicts.code, contains(q.code)) : undefined,
    q.name ? ilike(dicts.name, contains(q.name)) : undefined,
    q.type ? eq(dicts.type, q.type) : undefined,
  );
  const { limit, offset } = pageOf(q);
  const itemCount = sql<number>`(select count(*) from sys_dict_item i where i.dict_id = "sys_dict"."id")`.mapWith(Number);
  const [data, [total]] = await Promise.all([
    db
      .select({
        id: dicts.id,
        code: dicts.code,
        name: dicts.name,
        type: dicts.type,
        sealed: dicts.sealed,
        remark: dicts.remark,
        version: dicts.version,
        createdAt: dicts.createdAt,
        updatedAt: dicts.updatedAt,
        itemCount,
      })
      .from(dicts)
      .where(where)
      .orderBy(...orderOf(q, { code: dicts.code, name: dicts.name, type: dicts.type, updatedAt: dicts.updatedAt }, asc(dicts.code)), asc(dicts.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(dicts).where(where),
  ]);
  return { total: Number(total?.n ?? 0), data };
}

async function dictRow(db: Executor, id: number) {
  const [row] = await db.select().from(dicts).where(eq(dicts.id, id));
  if (!row) throw notFound();
  return row;
}

export async function getDict(db: Db, id: number) {
  const dict = await dictRow(db, id);
  const items = await db.select().from(dictItems).where(eq(dictItems.dictId, id)).orderBy(asc(dictItems.orderNum), asc(dictItems.id));
  return { ...dict, items };
}

export async function addDict(db: Db, input: DictBody) {
  return guarded(
    async () =>
      (
        await db
          .insert(dicts)
          .values({ code: input.code, name: input.name, type: input.type, remark: input.remark ?? null })
          .returning()
      )[0]!,
    'code',
    'dict.duplicateCode',
  );
}

export async function editDict(db: Db, id: number, input: DictUpdate) {
  const current = await dictRow(db, id);
  if (current.sealed && input.code !== current.code) throw fieldError('INVALID', 'code', 'dict.sealedCode');
  return guarded(
    async () => {
      const rows = await db
        .update(dicts)
        .set({ code: input.code, name: input.name, type: input.type, remark: input.remark ?? null, version: sql`${dicts.version} + 1`, updatedAt: new Date() })
        .where(and(eq(dicts.id, id), eq(dicts.version, input.version)))
        .returning();
      expectOneUpdated(rows);
      return rows[0]!;
    },
    'code',
    'dict.duplicateCode',
  );
}

export async function deleteDicts(db: Db, ids: number[]): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx.select({ id: dicts.id, sealed: dicts.sealed }).from(dicts).where(inArray(dicts.id, ids)).for('update');
    if (rows.length !== new Set(ids).size) throw notFound();
    if (rows.some((r) => r.sealed)) throw new AppError('INVALID', 'dict.sealed');
    await tx.delete(dicts).where(inArray(dicts.id, ids));
    return rows.length;
  });
}

export async function listItems(db: Db, q: ItemListQuery) {
  let dictId = q.dictId;
  if (dictId === undefined && q.dictCode) {
    const [d] = await db.select({ id: dicts.id }).from(dicts).where(eq(dicts.code, q.dictCode));
    if (!d) throw notFound();
    dictId = d.id;
  }
  if (dictId === undefined) throw new AppError('INVALID', 'error.invalid', undefined, [{ field: 'dictId', message: 'error.field.required' }]);
  const where = and(
    eq(dictItems.dictId, dictId),
    q.name ? ilike(dictItems.name, contains(q.name)) : undefined,
    q.status === undefined ? undefined : eq(dictItems.status, q.status),
  ) as SQL;
  const { total, rows } = await selectPage(
    db,
    dictItems,
    where,
    [...orderOf(q, { orderNum: dictItems.orderNum, value: dictItems.value, name: dictItems.name }, asc(dictItems.orderNum)), asc(dictItems.id)],
    pageOf(q),
  );
  return { total, data: rows };
}

async function itemRow(db: Executor, id: number) {
  const [row] = await db
    .select({ item: dictItems, sealed: dicts.sealed })
    .from(dictItems)
    .innerJoin(dicts, eq(dicts.id, dictItems.dictId))
    .where(eq(dictItems.id, id));
  if (!row) throw notFound();
  return row;
}

export async function getItem(db: Db, id: number) {
  return (await itemRow(db, id)).item;
}

export async function addItem(db: Db, input: ItemCreate) {
  const dict = await dictRow(db, input.dictId);
  if (dict.sealed) throw new AppError('INVALID', 'dict.sealedItems');
  let orderNum = input.orderNum;
  if (orderNum === undefined) {
    const [m] = await db
      .select({ m: max(dictItems.orderNum) })
      .from(dictItems)
      .where(eq(dictItems.dictId, dict.id));
    orderNum = Number(m?.m ?? 0) + 1;
  }
  return guarded(
    async () =>
      (
        await db
          .insert(dictItems)
          .values({
            dictId: dict.id,
            value: input.value,
            name: input.name,
            nameEn: input.nameEn ?? null,
            orderNum,
            status: input.status ?? 0,
            remark: input.remark ?? null,
          })
          .returning()
      )[0]!,
    'value',
    'dict.duplicateValue',
  );
}

export async function editItem(db: Db, id: number, input: ItemUpdate) {
  const { item, sealed } = await itemRow(db, id);
  if (sealed && input.value !== item.value) throw fieldError('INVALID', 'value', 'dict.sealedItems');
  return guarded(
    async () => {
      const rows = await db
        .update(dictItems)
        .set({
          value: input.value,
          name: input.name,
          nameEn: input.nameEn ?? null,
          orderNum: input.orderNum ?? item.orderNum,
          status: input.status ?? item.status,
          remark: input.remark ?? null,
          version: sql`${dictItems.version} + 1`,
          updatedAt: new Date(),
        })
        .where(and(eq(dictItems.id, id), eq(dictItems.version, input.version)))
        .returning();
      expectOneUpdated(rows);
      return rows[0]!;
    },
    'value',
    'dict.duplicateValue',
  );
}

export async function deleteItems(db: Db, ids: number[]): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: dictItems.id, sealed: dicts.sealed })
      .from(dictItems)
      .innerJoin(dicts, eq(dicts.id, dictItems.dictId))
      .where(inArray(dictItems.id, ids));
    if (rows.length !== new Set(ids).size) throw notFound();
    if (rows.some((r) => r.sealed)) throw new AppError('INVALID', 'dict.sealedItems');
    await tx.delete(dictItems).where(inArray(dictItems.id, ids));
    return rows.length;
  });
}

/** Puts a dictionary's items in the given order (drag and drop): order numbers 1, 2, 3 ... */
export async function orderItems(db: Db, dictId: number, ids: number[]) {
  await dictRow(db, dictId);
  return db.transaction(async (tx) => {
    const rows = await tx.select({ id: dictItems.id }).from(dictItems).where(eq(dictItems.dictId, dictId)).for('update');
    const have = new Set(rows.map((r) => r.id));
    if (ids.length !== have.size || new Set(ids).size !== ids.length || ids.some((i) => !have.has(i))) throw fieldError('INVALID', 'ids', 'dict.orderMismatch');
    for (const [i, id] of ids.entries()) {
      await tx
        .update(dictItems)
        .set({ orderNum: i + 1, version: sql`${dictItems.version} + 1`, updatedAt: new Date() })
        .where(and(eq(dictItems.id, id), sql`${dictItems.orderNum} <> ${i + 1}`));
    }
    return tx.select().from(dictItems).where(eq(dictItems.dictId, dictId)).orderBy(asc(dictItems.orderNum), asc(dictItems.id));
  });
}
