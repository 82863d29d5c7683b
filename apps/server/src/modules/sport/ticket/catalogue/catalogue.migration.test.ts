import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, databases, startServer, type TestServer } from '../../../../../test/harness.ts';
import { adminClient } from '../../../system/admin.testkit.ts';
import { ok, ticketApi } from '../ticket.testkit.ts';
import { catalogueStaff } from './catalogue.testkit.ts';

/**
 * Migration 0013's data step: the free-text performers of projects made before it become
 * performers of their organisation, linked in the order written. Run here on projects whose text
 * column is filled the way 0010's projects had it.
 */
const MIGRATION = path.resolve(import.meta.dirname, '../../../../../drizzle/0013_sport_ticket_catalogue.sql');
const dataStep = () => {
  const sql = fs.readFileSync(MIGRATION, 'utf8');
  return sql
    .slice(sql.indexOf('-- Data:'))
    .split('--> statement-breakpoint')
    .map((s) => s.replace(/^--.*$/gm, '').trim())
    .filter(Boolean);
};

describe.each(databases)('migration 0013 performers on %s', (kind) => {
  let s: TestServer;
  let c: Client;
  beforeAll(async () => {
    s = await startServer(kind, { JOB_SCHEDULER: '0' });
    const a = await adminClient(s);
    c = (await catalogueStaff(s, a.c, a.platformOrgId)).c;
  }, 120_000);
  afterAll(async () => s?.close());

  it('turns each project’s free-text performers into linked performers of its organisation, in order, once per name', async () => {
    const first = await ok(c, 'POST', ticketApi('project'), { name: '旧项目一' });
    const second = await ok(c, 'POST', ticketApi('project'), { name: '旧项目二' });
    await s.database.query(`update sport_ticket_project set performers = $1 where id = $2`, ['东城猛龙、西城飞鹰， 李明', first.id]);
    await s.database.query(`update sport_ticket_project set performers = $1 where id = $2`, ['李明/ 王芳', second.id]);
    for (const statement of dataStep()) await s.database.query(statement);
    expect((await ok(c, 'GET', ticketApi(`project/${first.id}`))).performers).toBe('东城猛龙、西城飞鹰、李明');
    expect((await ok(c, 'GET', ticketApi(`project/${second.id}`))).performers).toBe('李明、王芳');
    const names = (await ok(c, 'POST', ticketApi('performer/list'), { pageSize: 50 })).data.map((p: { name: string }) => p.name).sort();
    expect(names).toEqual(['东城猛龙', '李明', '王芳', '西城飞鹰'].sort());
  });
});
