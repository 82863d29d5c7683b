import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { databases, startServer, sys, type Client, type TestServer } from './harness.ts';
import { adminClient } from '../src/modules/system/admin.testkit.ts';
import { orgs } from '../src/modules/system/index.ts';
import { preparedByShape, verifyShapesOnReuse } from '../src/platform/prepared.ts';
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
      ((await admin.json('POST', sys('user/list'), { body: { pageNum: 1, pageSize: 20, ...filter } })).body.data as { name: string }[])
        .map((u) => u.name)
        .sort();
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
      return {
        rows: db
          .select({ id: orgs.id })
          .from(orgs)
          .where(sql`${orgs.name} = ${name}`),
      };
    });
    const first = byName(s.database.db, 'a');
    expect(await first.statements.rows.execute(first.values)).toEqual([]);
    expect(() => byName(s.database.db, 'b')).toThrow(/statement rows has a value that is not bound through the shape/);
  });

  it('finds a known shape without building its statements, and refuses a shapeOf that differs from the statement', async () => {
    let builds = 0;
    const build = (shape: Parameters<Parameters<typeof preparedByShape>[1]>[0], db: Executor, name: string) => {
      builds++;
      return {
        rows: db
          .select({ name: orgs.name })
          .from(orgs)
          .where(sql`${orgs.name} = ${shape.bind('name', name)}`),
      };
    };
    const byName = preparedByShape('org_by_name_quick', build, { shapeOf: (shape, name: string) => void shape.bind('name', name) });
    verifyShapesOnReuse(false); // the production path
    try {
      const first = byName(s.database.db, 'no such organisation');
      const second = byName(s.database.db, 'another');
      expect(builds).toBe(1);
      expect(second.statements).toBe(first.statements);
      expect(second.values).toEqual({ name: 'another' });
      expect(await second.statements.rows.execute(second.values)).toEqual([]);
      // A flat selection's rows are mapped by the platform's loop (compared with Drizzle's mapping under the test runner).
      expect(typeof (second.statements.rows as unknown as { customResultMapper?: unknown }).customResultMapper).toBe('function');
    } finally {
      verifyShapesOnReuse();
    }
    // A shapeOf that marks or binds otherwise than the statement: refused on its first call, and on every call under the test runner.
    const wrongName = preparedByShape('org_by_name_wrong', build, { shapeOf: (shape, name: string) => void shape.bind('orgName', name) });
    expect(() => wrongName(s.database.db, 'a')).toThrow(/shapeOf records/);
    const wrongValue = preparedByShape('org_by_name_value', build, { shapeOf: (shape, name: string) => void shape.bind('name', name.trim()) });
    expect(wrongValue(s.database.db, 'a').values).toEqual({ name: 'a' });
    expect(() => wrongValue(s.database.db, ' a')).toThrow(/shapeOf records/);
  });
});
