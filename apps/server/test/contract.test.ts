import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { routeRegistry } from '../src/platform/http.ts';
import { adminClient } from '../src/modules/system/admin.testkit.ts';
import { beanJob, createJob } from '../src/modules/job/job.testkit.ts';
import { auth, checkAnswer, databases, routeOf, startServer, sys, type Client, type TestServer } from './harness.ts';

/**
 * Contract first (issue 8, point 3): every route answers what its response schema in
 * packages/contract says (the test client checks every success against it), and ids are whole
 * numbers sent as JSON numbers or digit strings, never hex, exponents or arrays.
 */
describe.each(databases)('the contract on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformOrgId: number;
  beforeAll(async () => {
    s = await startServer(kind);
    ({ c: admin, platformOrgId } = await adminClient(s));
  });
  afterAll(async () => s?.close());

  it('every API route declares what it answers', () => {
    const api = routeRegistry.filter((r) => r.url.startsWith('/api/'));
    expect(api.length).toBeGreaterThan(100);
    expect(api.filter((r) => !r.response).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('finds the route of a request as the router does: a static segment before a parameter', () => {
    expect(routeOf('PUT', sys('user/resetPwd'))?.url).toBe(sys('user/resetPwd'));
    expect(routeOf('PUT', sys('user/12'))?.url).toBe(sys('user/:id'));
    expect(routeOf('GET', sys('user/menu/12?orgId=3'))?.url).toBe(sys('user/menu/:id'));
    expect(routeOf('GET', sys('nothing/here'))).toBeUndefined();
  });

  it('fails a test whose answer has a field the contract does not declare, lacks one, or has the wrong type', async () => {
    const role = await admin.json('GET', sys('role/1'));
    expect(role.code).toBe(0);
    const url = sys('role/1');
    expect(() => checkAnswer('GET', url, { code: 0, body: role.body })).not.toThrow();
    expect(() => checkAnswer('GET', url, { code: 0, body: { ...role.body, passwordHash: 'x' } })).toThrow(/passwordHash: not declared/);
    const { userCount: _count, ...missing } = role.body;
    expect(() => checkAnswer('GET', url, { code: 0, body: missing })).toThrow(/userCount/);
    expect(() => checkAnswer('GET', url, { code: 0, body: { ...role.body, createTime: 'yesterday' } })).toThrow(/createTime/);
    // Nested rows of a page, and errors are not answers.
    const list = await admin.json('POST', sys('role/list'), { body: { pageSize: 1 } });
    expect(() => checkAnswer('POST', sys('role/list'), { code: 0, body: { ...list.body, data: [{ ...list.body.data[0], extra: 1 }] } })).toThrow(
      /data\.0\.extra/,
    );
    expect(() => checkAnswer('GET', url, { code: Code.NOT_FOUND, body: null })).not.toThrow();
  });

  it('answers what the contract says on calls no other suite reads through the JSON client', async () => {
    // Streams: list and detail (the test client fails on any difference from the contract).
    const job = await createJob(admin, beanJob({ status: 1 }));
    const stream = await admin.json('POST', sys('jobStream'), { body: { name: `contract-${Date.now()}`, nodes: [{ key: 'a', jobId: job.id }] } });
    expect(stream.code).toBe(0);
    expect((await admin.json('POST', sys('jobStream/list'), { body: { pageSize: 5 } })).body.total).toBeGreaterThan(0);
    expect((await admin.json('GET', sys(`jobStream/${stream.body.id}`))).body.nodes).toEqual([{ key: 'a', jobId: job.id }]);
    // Switching the session's organisation answers null.
    expect((await admin.json('PUT', auth('session/org'), { body: { orgId: platformOrgId } })).body).toBeNull();
  });

  it('takes ids as JSON numbers or digit strings, and refuses hex, exponents, arrays and booleans naming the field', async () => {
    const refused = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, field: string, body?: unknown) => {
      const res = await admin.json(method, url, body === undefined ? {} : { body });
      expect(res.code, `${method} ${url} ${JSON.stringify(body)}`).toBe(Code.INVALID);
      expect(
        res.detail.map((d: { field: string }) => d.field),
        `${method} ${url}`,
      ).toContain(field);
    };
    // Path parameters (user, role, menu, org, API grants).
    await refused('GET', sys('user/0x10'), 'id');
    await refused('GET', sys('user/1e3'), 'id');
    await refused('GET', sys('role/0x1'), 'id');
    await refused('GET', sys('menu/1e0'), 'id');
    await refused('GET', sys('org/0x1'), 'id');
    await refused('PUT', sys('api/1e3/roles'), 'id', { roleIds: [] });
    await refused('DELETE', sys('user/0x1/1'), 'userId');
    await refused('GET', sys('user/getInfoByOrgId/1e1'), 'orgId');
    // Queries and bodies.
    const q = await admin.json('GET', sys('user/menu/1'), { query: { orgId: '0x1' } });
    expect(q.code).toBe(Code.INVALID);
    await refused('POST', sys('user/detailForConsole'), 'id', { id: [5] });
    await refused('POST', sys('user/detailForConsole'), 'id', { id: true });
    await refused('PUT', auth('session/org'), 'orgId', { orgId: '0x10' });
    await refused('POST', sys('dict/item/list'), 'dictId', { dictId: '1e3' });
    await refused('POST', sys('online/list'), 'orgId', { orgId: [1] });
    await refused('POST', sys('holiday/year'), 'year', { year: '0x7e9' });
    // Digit strings and numbers are the same id.
    for (const id of [platformOrgId, String(platformOrgId)]) {
      expect((await admin.json('POST', sys('role/list'), { body: { orgId: id, pageSize: 1 } })).code).toBe(0);
    }
    expect((await admin.json('GET', sys(`org/${platformOrgId}`))).body.id).toBe(platformOrgId);
  });
});
