import zlib from 'node:zlib';
import { expect } from 'vitest';
import { Client, sys, type TestServer } from '../../../../test/harness.ts';
import { grantMenus } from '../../../../test/grants.ts';
import { makeOrg, makeRole, makeUser, menuIdsByKey, signIn } from '../../system/admin.testkit.ts';
import { COMMERCE_KEYS } from '../commerce/commerce.testkit.ts';
import { VENUE_KEYS } from '../venue/venue.testkit.ts';

/** Test helpers of the members suites. */

export const MEMBER_KEYS = ['sport.member.list', 'sport.member.enterprise', 'sport.member.lists', 'sport.member.identity', 'sport.member.spread'];
export const memberApi = (p = '') => `/api/sport/member${p ? `/${p}` : ''}`;
/** The buttons that show personal data unmasked. */
const PRIVATE_KEYS = ['sport.member.list.private', 'sport.member.userInfo.private', 'sport.member.enterprise.private'];

/**
 * A new organisation with a user holding the venue, commerce and member screens; `private: false`
 * takes away the button that shows phones and id numbers unmasked.
 */
export async function memberStaff(s: TestServer, admin: Client, parentId: number, opts: { private?: boolean } = {}) {
  const org = await makeOrg(admin, parentId);
  const role = await makeRole(admin, org.id);
  await grantMenus(admin, role.id, [...VENUE_KEYS, ...COMMERCE_KEYS, ...MEMBER_KEYS]);
  if (opts.private === false) await withoutPrivate(s, admin, role.id);
  const user = await makeUser(admin, org.id, { roleIds: [role.id] });
  return { orgId: org.id, roleId: role.id, c: await signIn(s, user.code, 'Pass1234'), userId: user.id, code: user.code };
}

/** A second user of the same organisation whose role lacks the private button. */
export async function staffWithoutPrivate(s: TestServer, admin: Client, orgId: number) {
  const role = await makeRole(admin, orgId);
  await grantMenus(admin, role.id, [...VENUE_KEYS, ...COMMERCE_KEYS, ...MEMBER_KEYS]);
  await withoutPrivate(s, admin, role.id);
  const user = await makeUser(admin, orgId, { roleIds: [role.id] });
  return signIn(s, user.code, 'Pass1234');
}

async function withoutPrivate(s: TestServer, admin: Client, roleId: number) {
  const drop = new Set(Object.values(await menuIdsByKey(s, PRIVATE_KEYS)));
  const held = await admin.json<{ menuIds: number[] }>('GET', sys(`role/${roleId}/menus`));
  const res = await admin.json('PUT', sys(`role/${roleId}/menus`), { body: { menuIds: held.body.menuIds.filter((id) => !drop.has(id)) } });
  expect(res.code, res.msg).toBe(0);
}

/** Adds a member through the member screens' form; answers the row. */
export async function addMember(c: Client, body: Record<string, unknown>) {
  const r = await c.json('POST', memberApi('add'), { body });
  expect(r.code, `${r.msg} ${JSON.stringify(r.detail)}`).toBe(0);
  return r.body as { id: number; name: string; phone: string; version: number; memberNo: string };
}

let phoneSeq = Math.floor(Math.random() * 1e6);
/** A phone no other test uses. */
export const newPhone = () => `13${String(Date.now() % 1e3).padStart(3, '0')}${String(phoneSeq++ % 1e6).padStart(6, '0')}`;

/** A real PNG of the given size (grey pixels). */
export function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const raw = Buffer.alloc((width + 1) * height, 0x80);
  for (let y = 0; y < height; y++) raw[y * (width + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
