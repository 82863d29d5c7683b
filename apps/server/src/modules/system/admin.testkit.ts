import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { computeSign } from '../../platform/keys.ts';
import { Client, auth, checkResponse, sys, type TestServer } from '../../../test/harness.ts';

/** Test helpers of the administration suites (users, roles, organisations, menus, API grants). */

/** Uploads a file as the console does: multipart/form-data, field `file`, signed over the path. */
export async function upload(
  c: Client,
  url: string,
  fileName: string,
  data: Buffer,
  opts: { lang?: 'zh-CN' | 'en-US'; field?: string } = {},
): Promise<LightMyRequestResponse> {
  if (!c.cookies.has('XSRF-TOKEN')) await c.call('GET', '/config.json');
  const boundary = '----venue' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${opts.field ?? 'file'}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const payload = Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const ts = String(Math.floor(Date.now() / 1000));
  const res = await c.server.app.inject({
    method: 'POST',
    url,
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      lang: opts.lang ?? 'zh-CN',
      timestamp: ts,
      sign: computeSign(c.server.app.ctx.keys.signKey, ts, 'GET', url, ''),
      'x-xsrf-token': c.cookies.get('XSRF-TOKEN') ?? '',
      ...(c.token ? { authorization: `Bearer ${c.token}` } : {}),
    },
    cookies: Object.fromEntries(c.cookies),
  });
  checkResponse('POST', url, res);
  return res;
}

/** An xlsx workbook with one sheet: a header row and data rows. */
export async function xlsxOf(header: string[], rows: (string | number | Date | null)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The rows of an xlsx as text (first sheet; header first). */
export async function readXlsx(data: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  const out: string[][] = [];
  wb.worksheets[0]!.eachRow((row) => {
    out.push(
      (row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : v instanceof Date ? v.toISOString().slice(0, 10) : String(v))),
    );
  });
  return out;
}

/** Signs in as admin and answers the client and the platform organisation's id. */
export async function adminClient(s: TestServer): Promise<{ c: Client; platformOrgId: number }> {
  const c = new Client(s);
  const res = await c.login();
  expect(res.code).toBe(0);
  const info = await c.json('GET', auth('userInfo/0'));
  return { c, platformOrgId: info.body.currentOrg.orgId };
}

let seq = 0;
export const uniq = (p: string) => `${p}${Date.now().toString(36)}${(seq++).toString(36)}`;

export async function makeOrg(c: Client, parentId: number, patch: Record<string, unknown> = {}) {
  const res = await c.json('POST', sys('org'), { body: { code: uniq('org'), name: uniq('组织'), type: 3, parentId, ...patch } });
  expect(res.code, res.msg).toBe(0);
  return res.body as { id: number; code: string; name: string; version: number };
}

export async function makeRole(c: Client, orgId: number, patch: Record<string, unknown> = {}) {
  const res = await c.json('POST', sys('role'), { body: { name: uniq('角色'), orgId, ...patch } });
  expect(res.code, res.msg).toBe(0);
  return res.body as { id: number; code: string; name: string; version: number; orgId: number };
}

export async function makeUser(c: Client, orgId: number, patch: Record<string, unknown> = {}) {
  const res = await c.json('POST', sys('user'), { body: { code: uniq('u'), name: uniq('用户'), password: 'Pass1234', orgId, ...patch } });
  expect(res.code, res.msg).toBe(0);
  return res.body as { id: number; code: string; name: string; version: number; orgId: number; mustChangePassword: boolean };
}

/** Menu ids by their seed key. */
export async function menuIdsByKey(s: TestServer, keys: string[]): Promise<Record<string, number>> {
  const rows = await s.database.query<{ id: number; key: string }>(`select id, key from sys_menu where key = any($1)`, [keys]);
  return Object.fromEntries(rows.map((r) => [r.key, Number(r.id)]));
}

/** Signs in as a user (answering 200003 accounts too) and answers the client. */
export async function signIn(s: TestServer, code: string, password: string): Promise<Client> {
  const c = new Client(s);
  const res = await c.login(code, password);
  expect([0, 200003], res.msg).toContain(res.code);
  return c;
}
