import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, makeOrg, makeRole, makeUser, signIn, uniq } from '../src/modules/system/admin.testkit.ts';
import { makeMember } from '../src/modules/sport/card/card.testkit.ts';
import { grantMenus } from './grants.ts';
import { databases, startServer, type Client, type TestServer } from './harness.ts';

/**
 * A venue's tabs (issue 25, point 9) read the members and the open-API applications of the venue's
 * organisation through the modules' own list calls with `orgId`: only that organisation's rows, and
 * never an organisation outside the caller's scope.
 */
describe.each(databases)('lists filtered to one organisation on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let a: number;
  let b: number;
  beforeAll(async () => {
    s = await startServer(kind);
    const { c, platformOrgId } = await adminClient(s);
    admin = c;
    a = (await makeOrg(admin, platformOrgId)).id;
    b = (await makeOrg(admin, platformOrgId)).id;
  });
  afterAll(async () => s?.close());

  const names = async (c: Client, url: string, body: Record<string, unknown>) => {
    const r = await c.json<{ data: { name: string }[] }>('POST', url, { body: { pageSize: 100, ...body } });
    expect(r.code, r.msg).toBe(0);
    return r.body.data.map((x) => x.name);
  };

  it("answers only the named organisation's members and applications, and nothing of an organisation outside the caller's scope", async () => {
    const inA = uniq('甲会员');
    const inB = uniq('乙会员');
    await makeMember(s, a, { name: inA });
    await makeMember(s, b, { name: inB });
    const appA = uniq('甲应用');
    const appB = uniq('乙应用');
    for (const [orgId, name] of [
      [a, appA],
      [b, appB],
    ] as const)
      expect((await admin.json('POST', '/api/system/openApp', { body: { orgId, name } })).code).toBe(0);

    // The platform administrator: both organisations in scope, one asked for.
    expect(await names(admin, '/api/sport/member/list', { orgId: a })).toEqual([inA]);
    expect(await names(admin, '/api/system/openApp/list', { orgId: a })).toEqual([appA]);
    const all = await names(admin, '/api/sport/member/list', {});
    expect(all).toEqual(expect.arrayContaining([inA, inB]));

    // A user of B with the same permissions asking for A's rows gets none: the scope still applies.
    const role = await makeRole(admin, b);
    await grantMenus(admin, role.id, ['sport.member.list', 'appAccess.app']);
    const user = await makeUser(admin, b, { roleIds: [role.id] });
    const c = await signIn(s, user.code, 'Pass1234');
    expect(await names(c, '/api/sport/member/list', { orgId: a })).toEqual([]);
    expect(await names(c, '/api/system/openApp/list', { orgId: a })).toEqual([]);
    expect(await names(c, '/api/sport/member/list', { orgId: b })).toEqual([inB]);
  });
});
