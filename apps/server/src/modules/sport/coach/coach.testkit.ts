import { expect } from 'vitest';
import type { Client, TestServer } from '../../../../test/harness.ts';
import { grantMenus } from '../../../../test/grants.ts';
import { makeOrg, makeRole, makeUser, signIn } from '../../system/admin.testkit.ts';
import { VENUE_KEYS } from '../venue/venue.testkit.ts';

// The demo coaches (the tenant-key test seeds them next to the other modules' demos).
export { seedCoachDemo } from './coach.seed.ts';

/** The coach screens (a screen's key grants its buttons too). */
export const COACH_KEYS = ['sport.coach.list', 'sport.coach.schedule'];

export const coachApi = (p = '') => `/api/sport/coach${p ? `/${p}` : ''}`;

/** A new organisation under `parentId` with a user who holds every coach permission and may run venues. */
export async function coachStaff(s: TestServer, admin: Client, parentId: number) {
  const org = await makeOrg(admin, parentId);
  const role = await makeRole(admin, org.id);
  await grantMenus(admin, role.id, [...COACH_KEYS, ...VENUE_KEYS]);
  const user = await makeUser(admin, org.id, { roleIds: [role.id] });
  return { orgId: org.id, c: await signIn(s, user.code, 'Pass1234'), userId: user.id };
}

let phoneSeq = 0;
/** A fresh mobile number (unique within a test run). */
export const coachPhone = () => `139${String(Date.now() % 1e5).padStart(5, '0')}${String(phoneSeq++ % 1000).padStart(3, '0')}`;

/** A coach of the client's organisation through `POST coach`. */
export async function makeCoach(c: Client, patch: Record<string, unknown> = {}) {
  const r = await c.json('POST', coachApi(), { body: { name: `教练${Math.random().toString(36).slice(2, 7)}`, phone: coachPhone(), ...patch } });
  expect(r.code, `${r.msg} ${JSON.stringify(r.detail)}`).toBe(0);
  return r.body as { id: number; orgId: number; name: string; version: number; status: string };
}
