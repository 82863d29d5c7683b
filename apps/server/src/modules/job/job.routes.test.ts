import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Client, databases, sys, type TestServer } from '../../../test/harness.ts';
import { grantUserMenus } from '../../../test/grants.ts';
import { seedDemo } from '../system/index.ts';
import type { JobScheduler } from './job.engine.ts';
import { clearWorkDayCache } from './workday.ts';
import { beanJob, createJob, newScheduler, startJobServer, waitFor } from './job.testkit.ts';
import { seedJobDefaults, startJobs } from './job.lifecycle.ts';

/** The job and job-stream API: rules, messages, versions, organisations, streams. */
describe.each(databases)('job API on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let manager: Client;
  let scheduler: JobScheduler;

  beforeAll(async () => {
    ({ s, admin } = await startJobServer(kind));
    await seedDemo(s.database.db, s.config);
    // The demo venue manager gets the job screens directly (a venue organisation, not the platform).
    await grantUserMenus(s, 'manager', ['job']);
    manager = new Client(s);
    const m = await manager.login('manager', 'Demo@2020');
    expect(m.code).toBe(0);
    scheduler = newScheduler(s);
    await scheduler.start();
  });
  afterAll(async () => {
    await scheduler?.stop();
    await s?.close();
  });

  it('explains every refused job form in the caller language', async () => {
    const post = (body: Record<string, unknown>, lang: 'zh-CN' | 'en-US' = 'zh-CN') => admin.json('POST', sys('job'), { body: beanJob(body), lang });
    const both = await post({ triggerType: 'cron', cronExpr: '0 0 12 * * *' });
    expect(both.code).toBe(100400);
    expect(both.msg).toBe('日和周不能同时为“不指定”，也不能同时指定：其中必须有且只有一个为“?”');
    expect(both.detail).toEqual([{ field: 'cronExpr', message: both.msg }]);
    const neither = await post({ triggerType: 'cron', cronExpr: '0 0 12 ? * ?' }, 'en-US');
    expect(neither.msg).toBe('Day and weekday cannot both be "not specified", nor both be given: exactly one of them must be "?"');
    const field = await post({ triggerType: 'cron', cronExpr: '0 0 25 * * ?' }, 'en-US');
    expect(field.msg).toBe('The hour field "25" is invalid; use 0-23');
    const parts = await post({ triggerType: 'cron', cronExpr: '0 12 * * ?' });
    expect(parts.msg).toContain('6 或 7 个字段');

    const window = await post({ startTime: '2030-01-02 00:00:00', endTime: '2030-01-01 00:00:00' });
    expect(window.msg).toBe('结束时间不能早于开始时间');
    expect(window.detail[0].field).toBe('endTime');

    const interval = await post({ intervalInSeconds: 10_000_000_000 });
    expect(interval.code).toBe(100400);
    expect(interval.detail[0]).toMatchObject({ field: 'intervalInSeconds', message: '不能大于 9999999999' });
    expect((await post({ intervalInSeconds: 9_999_999_999 })).code).toBe(0);
    const repeat = await post({ repeatCount: -2 }, 'en-US');
    expect(repeat.detail[0]).toMatchObject({ field: 'repeatCount', message: 'must not be less than -1' });
    expect((await post({ repeatCount: 10_000_000 })).detail[0].field).toBe('repeatCount');
    expect((await post({ intervalInSeconds: 0, repeatCount: 3 })).msg).toBe('间隔为 0 时只能执行一次（重复次数须为 0）');

    const required = await admin.json('POST', sys('job'), { body: { jobGroup: 'g', jobType: 'bean', triggerType: 'interval' } });
    expect(required.detail).toContainEqual({ field: 'jobName', message: '不能为空' });
    expect((await post({ beanName: 'rm -rf /' })).msg).toBe('未注册的任务处理器：rm -rf /');
    // HTTP jobs are off in the default configuration (JOB_HTTP_ALLOW empty).
    expect((await post({ jobType: 'http', beanName: null })).detail[0].field).toBe('jobType');
    expect((await post({ timeZone: 'Mars/Olympus' })).msg).toBe('时区“Mars/Olympus”无效');
    const never = await post({ triggerType: 'cron', cronExpr: '0 0 12 1 1 ? 2020' }, 'en-US');
    expect(never.msg).toBe('This cron expression never fires after the start time');
  });

  it('previews the next 10 fire times of a cron expression, in the job time zone', async () => {
    const r = await admin.json('POST', sys('job/cron/preview'), {
      body: { cronExpr: '0 0 12 29 2 ?', timeZone: 'Asia/Shanghai', startTime: '2023-01-01 00:00:00', count: 10 },
    });
    expect(r.code).toBe(0);
    expect(r.body.times).toHaveLength(10);
    // Leap days only, the first ones after now (or after the start time when later).
    expect(r.body.times.every((t: { local: string }) => /-02-29 12:00:00$/.test(t.local))).toBe(true);
    expect(new Date(r.body.times[0].time).getTime()).toBeGreaterThan(Date.now());
    const ny = await admin.json('POST', sys('job/cron/preview'), {
      body: { cronExpr: '0 30 2 * * ?', timeZone: 'America/New_York', startTime: '2030-03-09 00:00:00', count: 3 },
    });
    expect(ny.body.times.map((t: { local: string }) => t.local)).toEqual(['2030-03-09 02:30:00', '2030-03-10 03:00:00', '2030-03-11 02:30:00']);
    const bad = await admin.json('POST', sys('job/cron/preview'), { body: { cronExpr: '0 0 12 ? * 9' }, lang: 'en-US' });
    expect(bad.code).toBe(100400);
    expect(bad.msg).toBe('The weekday field "9" is invalid; use 1-7 (1 is Sunday) or SUN-SAT, ?, nL, n#k');
  });

  it('the preview shows how daylight saving moves a fire, in New York and Warsaw (issue 33)', async () => {
    const preview = async (cronExpr: string, timeZone: string, startTime: string, count: number) => {
      const r = await admin.json('POST', sys('job/cron/preview'), { body: { cronExpr, timeZone, startTime, count } });
      expect(r.code).toBe(0);
      return r.body.times.map((t: { local: string; offset: string; dst?: string }) => [t.local, t.offset, t.dst ?? null]);
    };
    // New York, 2030-03-10: 02:00 -> 03:00. Both times in the gap run once, at 03:00.
    expect(await preview('0 0,30 2 * * ?', 'America/New_York', '2030-03-09 12:00:00', 2)).toEqual([
      ['2030-03-10 03:00:00', '-04:00', 'moved'],
      ['2030-03-11 02:00:00', '-04:00', null],
    ]);
    // Warsaw, 2030-10-27: 03:00 -> 02:00. Fixed times run once, on the first pass.
    expect(await preview('0 0,30 2 * * ?', 'Europe/Warsaw', '2030-10-26 12:00:00', 3)).toEqual([
      ['2030-10-27 02:00:00', '+02:00', 'once'],
      ['2030-10-27 02:30:00', '+02:00', 'once'],
      ['2030-10-28 02:00:00', '+01:00', null],
    ]);
    // A job of every hour runs on both passes of the repeated hour, and says which pass.
    expect(await preview('0 0 * * * ?', 'Europe/Warsaw', '2030-10-27 01:30:00', 4)).toEqual([
      ['2030-10-27 02:00:00', '+02:00', 'first'],
      ['2030-10-27 02:00:00', '+01:00', 'second'],
      ['2030-10-27 03:00:00', '+01:00', null],
      ['2030-10-27 04:00:00', '+01:00', null],
    ]);
    // Warsaw, 2030-03-31: 02:00 -> 03:00.
    expect(await preview('0 30 2 * * ?', 'Europe/Warsaw', '2030-03-30 12:00:00', 2)).toEqual([
      ['2030-03-31 03:00:00', '+02:00', 'moved'],
      ['2030-04-01 02:30:00', '+02:00', null],
    ]);
  });

  it('saves the expressions Quartz reads: WED, day lists with L, L-nW; refuses steps as large as the range (issue 33)', async () => {
    for (const cronExpr of ['0 10,44 14 ? 3 WED', '0 0 9 ? * MON,WED,FRI', '0 15 10 1,L * ?', '0 15 10 L-5W * ?']) {
      const r = await admin.json('POST', sys('job/cron/preview'), { body: { cronExpr, timeZone: 'Asia/Shanghai', count: 1 } });
      expect(r.code, cronExpr).toBe(0);
    }
    const created = await createJob(admin, beanJob({ jobName: '周三对账', jobGroup: 'issue33', triggerType: 'cron', cronExpr: '0 0 9 ? * MON-WED' }));
    expect(created.cronExpr).toBe('0 0 9 ? * MON-WED');
    const step = await admin.json('POST', sys('job/cron/preview'), { body: { cronExpr: '0 0 /24 ? * 2-6' }, lang: 'en-US' });
    expect(step.code).toBe(100400);
    expect(step.msg).toBe('The hour field "/24" is invalid; use 0-23');
  });

  it('skips non-work days from the holiday calendar (weekends when undecided)', async () => {
    // 2030-01-05 is a Saturday: the platform calendar makes it a work day; Monday 2030-01-07 a holiday.
    await s.database.db.execute(sql`insert into sys_holiday (org_id, day, kind) values (1, '2030-01-05', 0), (1, '2030-01-07', 1)`);
    clearWorkDayCache();
    const r = await admin.json('POST', sys('job/cron/preview'), {
      body: { cronExpr: '0 0 9 * * ?', timeZone: 'Asia/Shanghai', startTime: '2030-01-04 00:00:00', skipNonWorkDays: true, count: 4 },
    });
    expect(r.body.times.map((t: { local: string }) => t.local.slice(0, 10))).toEqual(['2030-01-04', '2030-01-05', '2030-01-08', '2030-01-09']);
  });

  it('adds, reads, lists, updates with version, refuses stale versions and duplicates, deletes', async () => {
    const created = await createJob(
      admin,
      beanJob({
        jobName: '订单超时关闭',
        jobGroup: 'order',
        triggerType: 'cron',
        cronExpr: '0 0/5 * * * ?',
        description: '关闭 15 分钟未付款的订单',
        status: 1,
      }),
    );
    expect(created).toMatchObject({
      jobName: '订单超时关闭',
      status: 1,
      nextFireTime: null,
      creator: '系统管理员',
      version: 1,
      timeZone: 'Asia/Shanghai',
      misfirePolicy: 'fireOnce',
      blockingStrategy: 'serial',
    });
    const got = await admin.json('GET', sys(`job/${created.id}`));
    expect(got.body.cronExpr).toBe('0 0/5 * * * ?');

    const list = await admin.json('POST', sys('job/list'), { body: { pageNum: 1, pageSize: 5, jobGroup: 'order', sortField: 'jobName', sortOrder: 'ascend' } });
    expect(list.body.total).toBe(1);
    expect(list.body.data[0].id).toBe(created.id);

    const dup = await admin.json('POST', sys('job'), { body: beanJob({ jobName: '订单超时关闭', jobGroup: 'order' }) });
    expect(dup.code).toBe(100409);
    expect(dup.msg).toBe('分组“order”下已存在名为“订单超时关闭”的任务');
    expect(dup.detail).toEqual({ reason: 'duplicate', fields: [{ field: 'jobName', message: dup.msg }] });

    const body = { ...beanJob({ jobName: '订单超时关闭', jobGroup: 'order', triggerType: 'cron', cronExpr: '0 0/10 * * * ?', status: 0 }), version: 1 };
    const upd = await admin.json('PUT', sys(`job/${created.id}`), { body });
    expect(upd.code).toBe(0);
    expect(upd.body).toMatchObject({ version: 2, cronExpr: '0 0/10 * * * ?', status: 0 });
    expect(new Date(upd.body.nextFireTime).getUTCMinutes() % 10).toBe(0);
    const stale = await admin.json('PUT', sys(`job/${created.id}`), { body });
    expect(stale.code).toBe(100409);
    expect(stale.msg).toBe('记录已被他人修改，请刷新后重试');
    expect(stale.detail.reason).toBe('stale');

    const other = await createJob(admin, beanJob({ status: 1 }));
    const del = await admin.json('DELETE', sys(`job/${created.id},${other.id}`));
    expect(del.body).toEqual({ deleted: 2 });
    expect((await admin.json('GET', sys(`job/${created.id}`))).code).toBe(100404);
  });

  it('HTTP jobs are off by default: saving or running one answers why, in the caller language', async () => {
    const body = beanJob({ jobType: 'http', beanName: null, executorIp: '127.0.0.1', executorHost: 8080, executorPath: '/hook' });
    const zh = await admin.json('POST', sys('job'), { body });
    expect(zh.code).toBe(100400);
    expect(zh.msg).toBe('HTTP 任务未启用：需由管理员在服务器配置 JOB_HTTP_ALLOW 中列出允许调用的地址');
    expect(zh.detail).toEqual([{ field: 'jobType', message: zh.msg }]);
    const en = await admin.json('POST', sys('job'), { body, lang: 'en-US' });
    expect(en.msg).toBe('HTTP jobs are off: an administrator must list the addresses they may call in the server setting JOB_HTTP_ALLOW');
    // An HTTP job saved before (or by another configuration) cannot be run now, and a scheduled run records why.
    const id = Number(
      (
        (await s.database.db
          .execute(sql`insert into sys_job (org_id, job_name, job_group, job_type, trigger_type, interval_seconds, repeat_count, start_time, time_zone, status, executor_ip, executor_host, executor_path, alarm_on_failure)
        values (1, ${`legacy-http-${Date.now()}`}, 'test', 'http', 'interval', 1, -1, now(), 'Asia/Shanghai', 1, '127.0.0.1', 8080, '/hook', false) returning id`)) as unknown as {
          rows: { id: number }[];
        }
      ).rows[0]!.id,
    );
    const run = await admin.json('POST', sys(`job/${id}/run`), { body: {}, lang: 'en-US' });
    expect(run.code).toBe(100400);
    expect(run.msg).toBe(en.msg);
    const [queued] = (
      (await s.database.db.execute(sql`insert into sys_job_log (org_id, job_id, job_name, job_group, trigger, manual, call_mode, planned_at, due_at)
      values (1, ${id}, 'legacy', 'test', 'manual', true, 'http', now(), now()) returning id`)) as unknown as { rows: { id: number }[] }
    ).rows;
    const rec = await waitFor(
      () => admin.json('GET', sys(`job/log/${queued!.id}`)),
      (r) => r.body.result !== 'normal',
    );
    expect(rec.body).toMatchObject({ result: 'error', detail: 'HTTP jobs are off (JOB_HTTP_ALLOW is empty)' });
    expect((await admin.json('DELETE', sys(`job/${id}`))).code).toBe(0);
  });

  it('only the platform creates or changes HTTP jobs: a venue user gets 100420 and may still use bean jobs', async () => {
    const http = beanJob({ jobType: 'http', beanName: null, executorIp: '127.0.0.1', executorHost: 8080, executorPath: '/hook' });
    const create = await manager.json('POST', sys('job'), { body: http, lang: 'en-US' });
    expect(create.code).toBe(100420);
    expect(create.msg).toBe('Only platform administrators may create or change HTTP jobs');
    expect((await manager.json('POST', sys('job'), { body: http })).msg).toBe('只有平台管理员可以新建或修改 HTTP 任务');
    // Nor turn a bean job into one, nor change one left in the venue from before.
    const bean = await createJob(manager, beanJob({ status: 1 }));
    const retype = await manager.json('PUT', sys(`job/${bean.id}`), { body: { ...http, jobName: bean.jobName, version: bean.version } });
    expect(retype.code).toBe(100420);
    const venueOrg = Number(
      ((await s.database.db.execute(sql`select org_id from sys_user where code = 'manager'`)) as unknown as { rows: { org_id: number }[] }).rows[0]!.org_id,
    );
    const legacy = Number(
      (
        (await s.database.db
          .execute(sql`insert into sys_job (org_id, job_name, job_group, job_type, trigger_type, interval_seconds, repeat_count, start_time, time_zone, status, executor_ip, executor_host, executor_path)
        values (${venueOrg}, ${`venue-http-${Date.now()}`}, 'test', 'http', 'interval', 1, -1, now(), 'Asia/Shanghai', 1, '127.0.0.1', 8080, '/hook') returning id`)) as unknown as {
          rows: { id: number }[];
        }
      ).rows[0]!.id,
    );
    const toBean = await manager.json('PUT', sys(`job/${legacy}`), { body: { ...beanJob({ status: 1 }), version: 1 } });
    expect(toBean.code).toBe(100420);
    const [row] = (
      (await s.database.db.execute(sql`select job_type, executor_ip from sys_job where id = ${legacy}`)) as unknown as {
        rows: { job_type: string; executor_ip: string }[];
      }
    ).rows;
    expect(row).toEqual({ job_type: 'http', executor_ip: '127.0.0.1' });
    expect((await manager.json('DELETE', sys(`job/${legacy},${bean.id}`))).body).toEqual({ deleted: 2 });
  });

  it('lists the bean handlers a caller may use', async () => {
    const all = await admin.json('GET', sys('job/handlers'), { lang: 'en-US' });
    expect(all.body.map((h: { name: string }) => h.name)).toEqual(
      expect.arrayContaining(['noop', 'sleep', 'purgeExpiredSessions', 'purgeLogs', 'purgeDispatchRecords']),
    );
    expect(all.body.find((h: { name: string }) => h.name === 'purgeExpiredSessions').description).toBe('Purge expired sessions');
    const venue = await manager.json('GET', sys('job/handlers'));
    expect(venue.body.map((h: { name: string }) => h.name)).not.toContain('purgeLogs');
    // Platform-wide handlers cannot be used by a venue's job.
    const r = await manager.json('POST', sys('job'), { body: beanJob({ beanName: 'purgeLogs' }) });
    expect(r.code).toBe(100400);
  });

  it("scopes jobs and records to the caller's organisation: another organisation's answers 100404", async () => {
    const platformJob = await createJob(admin, beanJob({ status: 1 }));
    const run = await admin.json('POST', sys(`job/${platformJob.id}/run`), { body: {} });
    await waitFor(
      () => admin.json('GET', sys(`job/log/${run.body.id}`)),
      (r) => r.body.result !== 'normal',
    );
    for (const [method, url] of [
      ['GET', `job/${platformJob.id}`],
      ['PUT', `job/${platformJob.id}/pause`],
      ['PUT', `job/${platformJob.id}/resume`],
      ['POST', `job/${platformJob.id}/run`],
      ['DELETE', `job/${platformJob.id}`],
      ['GET', `job/log/${run.body.id}`],
    ] as const) {
      const r = await manager.json(method, sys(url), { body: method === 'POST' ? {} : undefined });
      expect(r.code, `${method} ${url}`).toBe(100404);
    }
    const upd = await manager.json('PUT', sys(`job/${platformJob.id}`), { body: { ...beanJob(), version: 1 } });
    expect(upd.code).toBe(100404);
    const own = await createJob(manager, beanJob({ status: 1 }));
    const mine = await manager.json('POST', sys('job/list'), { body: {} });
    expect(mine.body.data.map((j: { id: number }) => j.id)).toEqual([own.id]);
    const logs = await manager.json('POST', sys('job/log/list'), { body: {} });
    expect(logs.body.total).toBe(0);
    // The platform sees every organisation.
    const all = await admin.json('POST', sys('job/list'), { body: { pageSize: 500 } });
    expect(all.body.data.map((j: { id: number }) => j.id)).toContain(own.id);
  });

  it('searches dispatch records with paging', async () => {
    const job = await createJob(admin, beanJob({ status: 1, beanName: 'sleep', executeData: { ms: 1, fail: true }, alarmOnFailure: false }));
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await admin.json('POST', sys(`job/${job.id}/run`), { body: {} })).body.id);
    await waitFor(
      () => admin.json('POST', sys('job/log/list'), { body: { jobId: job.id, result: 'fail' } }),
      (r) => r.body.total === 3,
    );
    const page = await admin.json('POST', sys('job/log/list'), {
      body: { jobId: job.id, manual: true, pageNum: 2, pageSize: 2, sortField: 'plannedAt', sortOrder: 'ascend' },
    });
    expect(page.body.total).toBe(3);
    expect(page.body.data.map((r: { id: number }) => r.id)).toEqual([ids[2]]);
    expect(page.body.data[0]).toMatchObject({ result: 'fail', manual: true, serviceName: 'sleep', callMode: 'bean' });
    const none = await admin.json('POST', sys('job/log/list'), { body: { jobId: job.id, result: 'success' } });
    expect(none.body.total).toBe(0);
  });

  it('ships the maintenance jobs once, and JOB_SCHEDULER=0 keeps a process from scheduling', async () => {
    await seedJobDefaults(s.database.db);
    await seedJobDefaults(s.database.db);
    const shipped = await admin.json('POST', sys('job/list'), { body: { jobGroup: 'system', pageSize: 50 } });
    expect(shipped.body.data.map((j: { beanName: string }) => j.beanName).sort()).toEqual([
      'purgeDispatchRecords',
      'purgeExpiredSessions',
      'purgeLogs',
      'tidyDatabase',
    ]);
    expect(shipped.body.data.every((j: { nextFireTime: string | null; status: number }) => j.status === 0 && j.nextFireTime)).toBe(true);
    const retention = (await s.database.db.execute(sql`select value from sys_config where code = 'job.logRetentionDays'`)) as unknown as {
      rows: { value: string }[];
    };
    expect(retention.rows[0]?.value).toBe('30');
    const off = { ctx: { ...s.app.ctx, config: { ...s.config, jobs: { ...s.config.jobs, scheduler: false } } }, log: s.app.log } as unknown as Parameters<
      typeof startJobs
    >[0];
    expect(await startJobs(off)).toBeUndefined();
    // The shipped jobs stay out of the way of the other tests.
    await admin.json('DELETE', sys(`job/${shipped.body.data.map((j: { id: number }) => j.id).join(',')}`));
  });

  describe('job streams', () => {
    const job = (name: string, over: Record<string, unknown> = {}) => createJob(admin, beanJob({ jobName: name, jobGroup: 'stream', status: 1, ...over }));

    it('runs steps in order, joins wait for every parent, each step is recorded', async () => {
      const a = await job(`A-${Date.now()}`);
      const b = await job(`B-${Date.now()}`, { beanName: 'sleep', executeData: { ms: 400 } });
      const c = await job(`C-${Date.now()}`, { beanName: 'sleep', executeData: { ms: 100 } });
      const d = await job(`D-${Date.now()}`);
      const created = await admin.json('POST', sys('jobStream'), {
        body: {
          name: `日终结算-${Date.now()}`,
          nodes: [
            { key: 'a', jobId: a.id },
            { key: 'b', jobId: b.id },
            { key: 'c', jobId: c.id },
            { key: 'd', jobId: d.id },
          ],
          edges: [
            { from: 'a', to: 'b' },
            { from: 'a', to: 'c', on: 'complete' },
            { from: 'b', to: 'd' },
            { from: 'c', to: 'd' },
          ],
        },
      });
      expect(created.code).toBe(0);
      const run = await admin.json('POST', sys(`jobStream/${created.body.id}/run`));
      expect(run.code).toBe(0);
      const done = await waitFor(
        () => admin.json('GET', sys(`jobStream/run/${run.body.id}`)),
        (r) => r.body.status !== 'running',
        10_000,
      );
      expect(done.body.status).toBe('success');
      const step = (k: string) => done.body.steps.find((x: { nodeKey: string }) => x.nodeKey === k);
      expect(done.body.steps.map((x: { state: string }) => x.state)).toEqual(['success', 'success', 'success', 'success']);
      const t = (k: string, f: 'startedAt' | 'finishedAt') => new Date(step(k).record[f]).getTime();
      expect(t('b', 'startedAt')).toBeGreaterThanOrEqual(t('a', 'finishedAt'));
      expect(t('c', 'startedAt')).toBeGreaterThanOrEqual(t('a', 'finishedAt'));
      // The join starts once, after both parents.
      expect(t('d', 'startedAt')).toBeGreaterThanOrEqual(Math.max(t('b', 'finishedAt'), t('c', 'finishedAt')));
      expect(step('d').record).toMatchObject({ trigger: 'stream', manual: true, streamRunId: run.body.id, nodeKey: 'd' });
      const runs = await admin.json('POST', sys('jobStream/run/list'), { body: { streamId: created.body.id } });
      expect(runs.body.total).toBe(1);
      expect(runs.body.data[0]).toMatchObject({ id: run.body.id, status: 'success' });
    });

    it('a failed step skips what needs its success; links on completion still run; the run fails', async () => {
      const bad = await job(`bad-${Date.now()}`, { beanName: 'sleep', executeData: { ms: 1, fail: 'no data' }, alarmOnFailure: false });
      const next = await job(`next-${Date.now()}`);
      const cleanup = await job(`cleanup-${Date.now()}`);
      const created = await admin.json('POST', sys('jobStream'), {
        body: {
          name: `partial-${Date.now()}`,
          nodes: [
            { key: 'load', jobId: bad.id },
            { key: 'report', jobId: next.id },
            { key: 'cleanup', jobId: cleanup.id },
          ],
          edges: [
            { from: 'load', to: 'report', on: 'success' },
            { from: 'load', to: 'cleanup', on: 'complete' },
          ],
        },
      });
      const run = await admin.json('POST', sys(`jobStream/${created.body.id}/run`));
      const done = await waitFor(
        () => admin.json('GET', sys(`jobStream/run/${run.body.id}`)),
        (r) => r.body.status !== 'running',
        10_000,
      );
      expect(done.body.status).toBe('fail');
      expect(Object.fromEntries(done.body.steps.map((x: { nodeKey: string; state: string }) => [x.nodeKey, x.state]))).toEqual({
        load: 'fail',
        report: 'skipped',
        cleanup: 'success',
      });
    });

    it('a stream with a cron expression starts its own runs; pausing it stops them', async () => {
      const a = await job(`sa-${Date.now()}`);
      const created = await admin.json('POST', sys('jobStream'), {
        body: { name: `every-second-${Date.now()}`, cronExpr: '* * * * * ?', nodes: [{ key: 'only', jobId: a.id }], edges: [] },
      });
      expect(created.code).toBe(0);
      const runs = await waitFor(
        () => admin.json('POST', sys('jobStream/run/list'), { body: { streamId: created.body.id, status: 'success' } }),
        (r) => r.body.total >= 2,
        8000,
      );
      expect(runs.body.data[0]).toMatchObject({ trigger: 'schedule', manual: false });
      const paused = await admin.json('PUT', sys(`jobStream/${created.body.id}`), {
        body: { name: created.body.name, cronExpr: '* * * * * ?', status: 1, nodes: created.body.nodes, edges: [], version: 1 },
      });
      expect(paused.body).toMatchObject({ status: 1, nextFireTime: null });
      await new Promise((r) => setTimeout(r, 300));
      const n = (await admin.json('POST', sys('jobStream/run/list'), { body: { streamId: created.body.id } })).body.total;
      await new Promise((r) => setTimeout(r, 1500));
      expect((await admin.json('POST', sys('jobStream/run/list'), { body: { streamId: created.body.id } })).body.total).toBe(n);
    });

    it('refuses cycles when saved, with the loop named; stale versions answer 100409', async () => {
      const a = await job(`ca-${Date.now()}`);
      const b = await job(`cb-${Date.now()}`);
      const c = await job(`cc-${Date.now()}`);
      const nodes = [
        { key: 'x', jobId: a.id },
        { key: 'y', jobId: b.id },
        { key: 'z', jobId: c.id },
      ];
      const cyc = await admin.json('POST', sys('jobStream'), {
        body: {
          name: `loop-${Date.now()}`,
          nodes,
          edges: [
            { from: 'x', to: 'y' },
            { from: 'y', to: 'z' },
            { from: 'z', to: 'y' },
          ],
        },
      });
      expect(cyc.code).toBe(100400);
      expect(cyc.msg).toBe('任务流不能有循环：y → z → y');
      const self = await admin.json('POST', sys('jobStream'), { body: { name: `self-${Date.now()}`, nodes, edges: [{ from: 'x', to: 'x' }] }, lang: 'en-US' });
      expect(self.msg).toBe('A job stream cannot loop: x → x');
      const unknown = await admin.json('POST', sys('jobStream'), { body: { name: `u-${Date.now()}`, nodes, edges: [{ from: 'x', to: 'w' }] } });
      expect(unknown.msg).toBe('连线引用了不存在的节点“w”');

      const ok = await admin.json('POST', sys('jobStream'), {
        body: { name: `chain-${Date.now()}`, nodes, edges: [{ from: 'x', to: 'y' }], cronExpr: '0 0 2 * * ?' },
      });
      expect(ok.code).toBe(0);
      expect(ok.body.nextFireTime).toBeTruthy();
      const upd = {
        name: ok.body.name,
        nodes,
        edges: [
          { from: 'x', to: 'y' },
          { from: 'y', to: 'z' },
        ],
        version: 1,
      };
      expect((await admin.json('PUT', sys(`jobStream/${ok.body.id}`), { body: upd })).body.version).toBe(2);
      expect((await admin.json('PUT', sys(`jobStream/${ok.body.id}`), { body: upd })).code).toBe(100409);
      const loopEdit = await admin.json('PUT', sys(`jobStream/${ok.body.id}`), { body: { ...upd, version: 2, edges: [...upd.edges, { from: 'z', to: 'x' }] } });
      expect(loopEdit.msg).toBe('任务流不能有循环：x → y → z → x');
      // A job used by a stream cannot be deleted.
      const del = await admin.json('DELETE', sys(`job/${a.id}`));
      expect(del.code).toBe(100409);
      expect(del.msg).toContain(ok.body.name);
      // Another organisation sees none of it.
      expect((await manager.json('GET', sys(`jobStream/${ok.body.id}`))).code).toBe(100404);
      expect((await manager.json('POST', sys(`jobStream/${ok.body.id}/run`))).code).toBe(100404);
      // A venue cannot put a platform job in its stream.
      const foreign = await manager.json('POST', sys('jobStream'), { body: { name: `f-${Date.now()}`, nodes: [{ key: 'x', jobId: a.id }], edges: [] } });
      expect(foreign.msg).toBe('节点“x”引用的任务不存在');
      expect((await admin.json('DELETE', sys(`jobStream/${ok.body.id}`))).body).toEqual({ deleted: 1 });
    });
  });
});
