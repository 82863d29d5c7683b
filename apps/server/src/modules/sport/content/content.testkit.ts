import { expect } from 'vitest';
import type { Client, TestServer } from '../../../../test/harness.ts';
import { grantMenus } from '../../../../test/grants.ts';
import { makeOrg, makeRole, makeUser, signIn } from '../../system/admin.testkit.ts';
import { MEMBER_KEYS } from '../member/member.testkit.ts';

/** The content screens (a screen's key grants its buttons too). */
export const CONTENT_KEYS = [
  'sport.content.advertising',
  'sport.content.sportsNews',
  'sport.content.comments',
  'sport.content.banner',
  'sport.content.platformAgreement',
  'sport.notification.news',
];
export const contentApi = (p = '') => `/api/sport/content${p ? `/${p}` : ''}`;

export async function ok<T = any>(c: Client, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<T> {
  const r = await c.json<T>(method, url, body === undefined ? {} : { body });
  expect(r.code, `${method} ${url}: ${r.msg} ${JSON.stringify(r.detail)}`).toBe(0);
  return r.body;
}

/** A new organisation under `parentId` and a user who holds the content and member screens. */
export async function contentStaff(s: TestServer, admin: Client, parentId: number) {
  const org = await makeOrg(admin, parentId);
  const role = await makeRole(admin, org.id);
  await grantMenus(admin, role.id, [...CONTENT_KEYS, ...MEMBER_KEYS]);
  const user = await makeUser(admin, org.id, { roleIds: [role.id] });
  const c = await signIn(s, user.code, 'Pass1234');
  return { orgId: org.id, c, userId: user.id };
}

export const both = (zh: string, en: string) => ({ zhCN: zh, enUS: en });

/** An item of `type` with its title and body in both languages. */
export function item(c: Client, body: Record<string, unknown> = {}) {
  return ok<{ id: number; state: string; version: number; body: { zhCN: string | null; enUS: string | null } }>(c, 'POST', contentApi(), {
    type: 'sportsNews',
    title: both('标题', 'Title'),
    body: both('<p>正文</p>', '<p>Body</p>'),
    ...body,
  });
}
