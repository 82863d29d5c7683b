import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { FEED_FORMAT, type FeedDocument } from '@venue/contract';
import type { Client, TestServer } from '../../../../../test/harness.ts';
import { grantMenus } from '../../../../../test/grants.ts';
import { makeOrg, makeRole, makeUser, signIn } from '../../../system/admin.testkit.ts';
import { COMMERCE_KEYS } from '../../commerce/commerce.testkit.ts';
import { ok, ticketApi, TICKET_KEYS } from '../ticket.testkit.ts';

/** The distribution screens (the distributors screen carries the quota and feed buttons). */
export const DIST_KEYS = [
  'sport.ticket.distributor',
  'sport.ticket.externalItem',
  'sport.ticket.package',
  'sport.ticket.projectSales',
  'sport.ticket.projectSalesStatistics',
];

/** A new organisation under `parentId` with a user who may run ticketing, distribution and the commerce screens. */
export async function distStaff(s: TestServer, admin: Client, parentId: number) {
  const org = await makeOrg(admin, parentId);
  const role = await makeRole(admin, org.id);
  await grantMenus(admin, role.id, [...COMMERCE_KEYS, ...TICKET_KEYS, ...DIST_KEYS]);
  const user = await makeUser(admin, org.id, { roleIds: [role.id] });
  return { orgId: org.id, c: await signIn(s, user.code, 'Pass1234'), code: user.code };
}

export async function addDistributor(c: Client, over: Record<string, unknown> = {}) {
  return ok(c, 'POST', ticketApi('distributor'), {
    name: `分销商${Math.random().toString(36).slice(2, 7)}`,
    contact: '王经理',
    phone: '13800000001',
    commissionPct: 10,
    ...over,
  });
}

/** A feed document of `projects` (each: id, name, and its sessions' levels as [price, stock]). */
export function feedDoc(projects: { id: string; name: string; levels: [number, number][] }[]): FeedDocument {
  return {
    format: FEED_FORMAT,
    publisher: '测试分销',
    projects: projects.map((p) => ({
      id: p.id,
      name: p.name,
      venue: '奥体中心',
      sessions: [
        {
          id: `${p.id}-S1`,
          name: '首场',
          startAt: '2030-05-01T19:30:00+08:00',
          levels: p.levels.map(([priceFen, stock], i) => ({ id: `L${i + 1}`, name: `票档${i + 1}`, priceFen, stock })),
        },
      ],
    })),
  };
}

/**
 * A local HTTP server publishing feeds: `routes[path]` is a document (served as JSON), a string
 * (served as is), or `'hang'` (headers sent, the body never finishes).
 */
export async function feedServer(routes: Record<string, unknown>) {
  const open = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const body = routes[req.url ?? ''];
    if (body === undefined) {
      res.writeHead(404).end('not found');
      return;
    }
    if (body === 'hang') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"format":');
      open.add(res);
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (p: string) => `http://127.0.0.1:${port}${p}`,
    routes,
    close: () =>
      new Promise<void>((r) => {
        for (const res of open) res.destroy();
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
