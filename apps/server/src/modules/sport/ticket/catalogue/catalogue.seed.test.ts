import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, databases, startServer, type TestServer } from '../../../../../test/harness.ts';
import { seedDemo } from '../../../system/index.ts';
import { seedTicketDemo } from '../ticket.seed.ts';
import { seedTicketCatalogueDemo } from './catalogue.seed.ts';

describe.each(databases)('ticketing catalogue demo data on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { JOB_SCHEDULER: '0' });
    await seedDemo(s.database.db, s.config);
    await seedTicketDemo(s.database.db);
    await seedTicketCatalogueDemo(s.database.db);
    await seedTicketCatalogueDemo(s.database.db); // once per database
  }, 120_000);
  afterAll(async () => s?.close());

  it('the demo manager sees the final with three performers, its notice and template, who wants to see it, and its data log', async () => {
    const mgr = new Client(s);
    expect((await mgr.login('manager', 'Demo@2020')).code).toBe(0);
    const projects = await mgr.json('POST', '/api/sport/ticket/project/list', { body: { name: '城市篮球联赛总决赛' } });
    expect(projects.code, projects.msg).toBe(0);
    const p = projects.body.data[0];
    expect(p.performerIds).toHaveLength(3);
    expect(p.performers).toBe('东城猛龙、西城飞鹰、李明');
    const notice = await mgr.json('GET', `/api/sport/ticket/notice/project/${p.id}`);
    expect(notice.body.notice.title).toBe('赛事购票须知');
    const templates = await mgr.json('POST', '/api/sport/ticket/template/list', { body: {} });
    expect(templates.body.data).toHaveLength(1);
    expect(templates.body.data[0].useCount).toBe(3); // the project and its two sessions
    const sessions = await mgr.json('POST', '/api/sport/ticket/session/list', { body: { projectId: p.id, detail: true } });
    expect(sessions.body.data.every((x: { templateId: number }) => x.templateId === templates.body.data[0].id)).toBe(true);
    expect((await mgr.json('POST', '/api/sport/ticket/wantSee/list', { body: { projectId: p.id } })).body.total).toBe(5);
    const log = await mgr.json('POST', '/api/sport/ticket/dataLog/list', { body: { projectId: p.id, pageSize: 50 } });
    expect(log.body.data.map((r: { entity: string; action: string }) => `${r.entity}.${r.action}`).slice(0, 3)).toEqual([
      'session.edit',
      'session.edit',
      'project.edit',
    ]);
    expect((await mgr.json('POST', '/api/sport/ticket/performer/list', { body: {} })).body.total).toBe(3);
  });
});
