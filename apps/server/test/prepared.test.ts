import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { databases, startServer, sys, type Client, type TestServer } from './harness.ts';
import { adminClient } from '../src/modules/system/admin.testkit.ts';
import { orgs } from '../src/modules/system/system.table.ts';
import { preparedByShape } from '../src/platform/prepared.ts';
import type { Executor } from '../src/platform/db.ts';

/** Hot statements prepared once per shape (docs/decisions.md, "Request overhead"). */
describe.each(databases)('statements prepared per shape on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  beforeAll(async () => {
    s = await startServer(kind);
    ({ c: admin } = await adminClient(s));
  });
  afterAll(async () => s?.close());

  it('answers each call with its own values when the shape is reused', async () => {
    for (const [code, name] of [
      ['shape_a1', '形状甲'],
      ['shape_b1', '形状乙'],
      ['shape_c1', 'Shape Gamma'],
    ]) {
      expect((await admin.json('POST', sys('user'), { body: { code, name } })).code).toBe(0);
    }
    const names = async (filter: Record<string, unknown>) =>
      ((await admin.json('POST', sys('user/list'), { body: { pageNum: 1, pageSize: 20, ...filter } })).body.data as { name: string }[]).map((u) => u.name).sort();
    expect(await names({ name: '形状甲' })).toEqual(['形状甲']);
    expect(await names({ name: '形状乙' })).toEqual(['形状乙']);
    // Letters with case take ILIKE (another shape); the same shape again with another value.
    expect(await names({ name: 'shape gam' })).toEqual(['Shape Gamma']);
    expect(await names({ name: 'SHAPE GAMMA' })).toEqual(['Shape Gamma']);
    expect(await names({ code: 'shape_', pageSize: 2 })).toHaveLength(2);
    expect(await names({ code: 'shape_', pageSize: 20, sortField: 'name', sortOrder: 'ascend' })).toEqual(['Shape Gamma', '形状乙', '形状甲'].sort());
  });

  it('refuses, under the test runner, a statement with a value not bound through the shape', async () => {
    const byName = preparedByShape('org_by_name', (shape, db: Executor, name: string) => {
      shape.mark('name');
      return { rows: db.select({ id: orgs.id }).from(orgs).where(sql`${orgs.name} = ${name}`) };
    });
    const first = byName(s.database.db, 'a');
    expect(await first.statements.rows.execute(first.values)).toEqual([]);
    expect(() => byName(s.database.db, 'b')).toThrow(/statement rows has a value that is not bound through the shape/);
  });
});
