import { expect } from 'vitest';
import type { SeatmapDocument } from '@venue/contract';
import { Client, type TestServer } from '../../../../test/harness.ts';
import { grantMenus } from '../../../../test/grants.ts';
import { makeOrg, makeRole, makeUser, signIn } from '../../system/admin.testkit.ts';
import { COMMERCE_KEYS } from '../commerce/commerce.testkit.ts';

export const ticketApi = (p: string) => `/api/sport/ticket/${p}`;

/**
 * Gives a role every ticketing route through role-to-API grants (the ticket screens, and so their
 * menu permissions, come with the console). Adds the role to each route's granted roles.
 */
/** The ticketing screens (a screen's key grants its buttons: the projects screen carries sessions, levels and seat maps). */
export const TICKET_KEYS = ['sport.ticket.seatmap', 'sport.ticket.projectType', 'sport.ticket.project', 'sport.ticket.sell', 'sport.ticket.list'];

/** A new organisation under `parentId` with a user who may run ticketing and the commerce screens. */
export async function ticketStaff(s: TestServer, admin: Client, parentId: number) {
  const org = await makeOrg(admin, parentId);
  const role = await makeRole(admin, org.id);
  await grantMenus(admin, role.id, [...COMMERCE_KEYS, ...TICKET_KEYS]);
  const user = await makeUser(admin, org.id, { roleIds: [role.id] });
  return { orgId: org.id, roleId: role.id, c: await signIn(s, user.code, 'Pass1234'), userId: user.id, code: user.code };
}

/**
 * A map of `zones` zones of `rows` rows of `perRow` seats, price area "A" in the first zone and "B"
 * in the others; optional extra seats of other kinds.
 */
export function gridMap(zones: number, rows: number, perRow: number, extra: SeatmapDocument['seats'] = []): SeatmapDocument {
  const zs = Array.from({ length: zones }, (_, z) => ({ key: `Z${z + 1}`, name: `${z + 1}区`, color: z % 2 ? '#ff7a45' : '#1677ff' }));
  const seats: SeatmapDocument['seats'] = [];
  for (let z = 0; z < zones; z++)
    for (let r = 1; r <= rows; r++)
      for (let n = 1; n <= perRow; n++)
        seats.push({
          key: `${z + 1}-${r}-${n}`,
          zone: `Z${z + 1}`,
          row: String(r),
          no: String(n),
          x: z * (perRow * 30 + 60) + n * 30,
          y: r * 30,
          kind: 'normal',
          levelKey: z === 0 ? 'A' : 'B',
        });
  return { width: Math.max(100, zones * (perRow * 30 + 60)), height: Math.max(100, rows * 30 + 60), zones: zs, seats: [...seats, ...extra] };
}

export async function ok<T = any>(c: Client, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<T> {
  const res = await c.json<T>(method, url, body === undefined ? {} : { body });
  expect(res.code, `${method} ${url}: ${res.msg} ${JSON.stringify(res.detail)}`).toBe(0);
  return res.body;
}

/** A project with a general-admission session on sale: one level of `quota` tickets at `priceFen`. */
export async function gaSession(c: Client, quota: number, priceFen = 8000, project: Record<string, unknown> = {}, sessionExtra: Record<string, unknown> = {}) {
  const p = await ok(c, 'POST', ticketApi('project'), { name: `演出${Math.random().toString(36).slice(2, 7)}`, ...project });
  const session = await ok(c, 'POST', ticketApi('session'), {
    projectId: p.id,
    name: '首场',
    startAt: new Date(Date.now() + 7 * 86400_000).toISOString(),
    onSale: true,
    levels: [{ name: '普通票', priceFen, quota }],
    ...sessionExtra,
  });
  return { project: p, session, levelId: session.levels[0].id as number };
}

/** A project with a seated session on sale made from `doc`: level A at 38000, B at 18000. */
export async function seatedSession(c: Client, doc: SeatmapDocument, extra: Record<string, unknown> = {}) {
  const map = await ok(c, 'POST', ticketApi('seatmap'), { name: `座位图${Math.random().toString(36).slice(2, 7)}`, document: doc });
  const p = await ok(c, 'POST', ticketApi('project'), { name: `比赛${Math.random().toString(36).slice(2, 7)}` });
  const session = await ok(c, 'POST', ticketApi('session'), {
    projectId: p.id,
    name: '决赛',
    startAt: new Date(Date.now() + 7 * 86400_000).toISOString(),
    seated: true,
    seatmapId: map.id,
    onSale: true,
    levels: [
      { name: '内场', priceFen: 38000, levelKeys: ['A'], color: '#ff0000' },
      { name: '看台', priceFen: 18000, levelKeys: ['B'] },
    ],
    ...extra,
  });
  return { map, project: p, session };
}

export async function seatsOf(c: Client, sessionId: number) {
  return (
    await ok<{ seats: { id: number; zone: string; row: string; no: string; levelId: number | null; state: string; price: number }[] }>(
      c,
      'POST',
      ticketApi(`session/${sessionId}/seats`),
      {},
    )
  ).seats;
}
