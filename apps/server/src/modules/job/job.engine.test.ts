import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Client, databases, sys, type TestServer } from '../../../test/harness.ts';
import type { JobScheduler } from './job.engine.ts';
import { CapturingAlarm, FakeTime, beanJob, createJob, finished, newScheduler, records, sleep, startJobServer, waitFor, type Rec } from './job.testkit.ts';

/**
 * Scheduler behaviour on a real database: what an operator would see in the dispatch records.
 * Behaviour in time (fires, misfires, blocking, time-outs, retries, leases) runs on a manual
 * clock that the test moves, so it is exact and takes no waiting; calls that wait on real I/O
 * (HTTP executors, the maintenance handlers) and the API's own run-now and resume, which go by
 * the wall clock, run on the real clock.
 */
describe.each(databases)('job scheduler on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  const alarm = new CapturingAlarm();
  let server: http.Server;
  let port = 0;
  let closedPort = 0;
  const hits: { path: string; headers: http.IncomingHttpHeaders; body: string }[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        hits.push({ path: req.url ?? '', headers: req.headers, body });
        if (req.url?.startsWith('/slow')) {
          const t = setTimeout(() => res.end('late'), 5000);
          req.on('close', () => clearTimeout(t));
          return;
        }
        const status = Number(/status=(\d+)/.exec(req.url ?? '')?.[1] ?? 200);
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: status === 200 ? 0 : 1, msg: `answered ${status}`, echo: body.slice(0, 50) }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
    const probe = http.createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    closedPort = (probe.address() as AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));
    // HTTP jobs are off unless listed: this suite's executor (and one closed port) are listed by address.
    ({ s, admin } = await startJobServer(kind, { JOB_HTTP_ALLOW: `127.0.0.1:${port},[::1]:${port},127.0.0.1:${closedPort}` }));
  });
  afterAll(async () => {
    server?.close();
    await s?.close();
  });

  describe('on a manual clock', () => {
    let t: FakeTime;
    const log = (id: number) => admin.json('GET', sys(`job/log/${id}`));
    beforeAll(async () => {
      t = new FakeTime(s, alarm);
      await t.start();
    });
    afterAll(async () => {
      await t?.stop();
    });

    it('runs an interval job repeatCount + 1 times, on time, then has no next fire', async () => {
      const job = await createJob(admin, beanJob({ repeatCount: 2, startTime: t.at(1000).toISOString() }));
      expect(job.nextFireTime).toBeTruthy();
      await t.advance(3000);
      const rs = await records(s, job.id);
      expect(finished(rs).length).toBeGreaterThanOrEqual(3);
      await t.advance(1300);
      const all = await records(s, job.id);
      expect(all).toHaveLength(3);
      expect(all.every((r) => r.result === 'success' && !r.manual && r.trigger === 'schedule')).toBe(true);
      // One second apart, on the grid of the start time.
      expect(all[1]!.planned_at.getTime() - all[0]!.planned_at.getTime()).toBe(1000);
      for (const r of rs) expect(r.started_at!.getTime() - r.planned_at.getTime()).toBeLessThan(1000);
      // On the manual clock a fire starts exactly at its planned time.
      for (const r of rs) expect(r.started_at!.getTime()).toBe(r.planned_at.getTime());
      const view = await admin.json('GET', sys(`job/${job.id}`));
      expect(view.body.nextFireTime).toBeNull();
      expect(view.body.fireCount).toBe(3);
      expect(new Date(view.body.prevFireTime).getTime()).toBe(all[2]!.planned_at.getTime());
    });

    it('never fires before the start time nor after the end time', async () => {
      const start = new Date(Math.ceil((t.clock.now() + 1500) / 1000) * 1000);
      const end = new Date(start.getTime() + 2000);
      const job = await createJob(admin, beanJob({ startTime: start.toISOString(), endTime: end.toISOString() }));
      expect(new Date(job.nextFireTime!).getTime()).toBe(start.getTime());
      await t.advance(end.getTime() - t.clock.now());
      expect(finished(await records(s, job.id)).length).toBeGreaterThanOrEqual(3);
      await t.advance(1300);
      const all = await records(s, job.id);
      expect(all.map((r) => r.planned_at.getTime())).toEqual([start.getTime(), start.getTime() + 1000, end.getTime()]);
      expect((await admin.json('GET', sys(`job/${job.id}`))).body.nextFireTime).toBeNull();
    });

    it('after downtime fires once now (fireOnce) or skips to the next time (skip), never replays every missed fire', async () => {
      const once = await createJob(admin, beanJob({ misfirePolicy: 'fireOnce', startTime: t.at(1000).toISOString() }));
      const skip = await createJob(admin, beanJob({ misfirePolicy: 'skip', startTime: t.at(1000).toISOString() }));
      await t.advance(1500);
      expect(finished(await records(s, skip.id)).length).toBeGreaterThanOrEqual(1);
      const downAt = t.clock.now();
      await t.stop();
      await t.clock.advance(3500); // about three fires missed (misfire threshold 1 s in these tests)
      const upAt = t.clock.now();
      await t.start();
      await t.advance(1800);
      const during = (rs: Rec[]) => rs.filter((r) => r.planned_at.getTime() > downAt && r.planned_at.getTime() < upAt);
      const o = during(await records(s, once.id));
      const k = during(await records(s, skip.id));
      // fireOnce: exactly one catch-up run for the whole downtime, saying so (plus at most the one fire
      // that was late by less than the threshold, which is simply late).
      expect(o.filter((r) => /misfire/.test(r.detail ?? ''))).toHaveLength(1);
      expect(o.find((r) => /misfire/.test(r.detail ?? ''))!.detail).toMatch(/misfire: [2-4] fire\(s\) missed since .*; fired once now/);
      expect(o.length).toBeLessThanOrEqual(2);
      // Exactly: the fires 1 and 2 s after the stop were missed; the one at 3 s was late by less than the threshold.
      expect(o.find((r) => /misfire/.test(r.detail ?? ''))!.detail).toMatch(/^misfire: 2 fire\(s\) missed since /);
      expect(o).toHaveLength(2);
      expect(o.every((r) => r.result === 'success')).toBe(true);
      // skip: nothing missed ran.
      expect(k.filter((r) => /misfire/.test(r.detail ?? ''))).toHaveLength(0);
      expect(k.length).toBeLessThanOrEqual(1);
      expect((await records(s, skip.id)).filter((r) => r.planned_at.getTime() > upAt).length).toBeGreaterThanOrEqual(1);
      await admin.json('PUT', sys(`job/${once.id}/pause`));
      await admin.json('PUT', sys(`job/${skip.id}/pause`));
    });

    it('blocking strategies: serial waits, discard drops the new fire, cover cancels the old run', async () => {
      const params = { ms: 1600 };
      const startTime = t.at(1000).toISOString();
      const serial = await createJob(admin, beanJob({ beanName: 'sleep', executeData: params, blockingStrategy: 'serial', repeatCount: 2, startTime }));
      const discard = await createJob(admin, beanJob({ beanName: 'sleep', executeData: params, blockingStrategy: 'discard', repeatCount: 2, startTime }));
      const cover = await createJob(admin, beanJob({ beanName: 'sleep', executeData: params, blockingStrategy: 'cover', repeatCount: 2, startTime }));
      // The last serial run starts 3.2 s after the first fire and sleeps 1.6 s.
      await t.advance(1000 + 3200 + 1600);
      const [se, di, co] = await Promise.all([records(s, serial.id), records(s, discard.id), records(s, cover.id)]);
      for (const rs of [se, di, co]) expect(finished(rs)).toHaveLength(3);
      // serial: every fire ran, one after the other.
      expect(se.map((r) => r.result)).toEqual(['success', 'success', 'success']);
      expect(se[1]!.started_at!.getTime()).toBeGreaterThanOrEqual(se[0]!.finished_at!.getTime());
      expect(se[2]!.started_at!.getTime()).toBeGreaterThanOrEqual(se[1]!.finished_at!.getTime());
      expect(se[1]!.started_at!.getTime()).toBe(se[0]!.finished_at!.getTime()); // at once, on the manual clock
      // discard: the fire that came while the first still ran was dropped.
      expect(di[0]!.result).toBe('success');
      expect(di[1]!.result).toBe('block');
      expect(di[1]!.detail).toMatch(/discarded/);
      expect(di[1]!.started_at).toBeNull();
      // cover: each newer fire cancelled the older run; the last one completed.
      expect(co.map((r) => r.result)).toEqual(['block', 'block', 'success']);
      expect(co[0]!.detail).toMatch(/cancelled: replaced by a newer run/);
      expect(co[0]!.duration_ms!).toBeLessThan(1500);
      expect(co.map((r) => r.duration_ms)).toEqual([1000, 1000, 1600]);
    });

    it('a time-out really stops the run and the record says so', async () => {
      const job = await createJob(admin, beanJob({ beanName: 'sleep', executeData: { ms: 10_000 }, timeoutSeconds: 1, status: 1, alarmOnFailure: false }));
      const run = await admin.json('POST', sys(`job/${job.id}/run`), { body: {} });
      await t.advance(1000);
      const rec = await log(run.body.id);
      expect(rec.body).toMatchObject({ result: 'fail', timedOut: true });
      expect(rec.body.detail).toMatch(/timed out after 1 s/);
      expect(rec.body.durationMs).toBeGreaterThanOrEqual(950);
      expect(rec.body.durationMs).toBeLessThan(2500);
      expect(rec.body.durationMs).toBe(1000);
      // The HTTP call is aborted too: the executor sees the connection close.
      const h = await createJob(
        admin,
        beanJob({
          jobType: 'http',
          beanName: null,
          executorIp: '127.0.0.1',
          executorHost: port,
          executorPath: '/slow',
          timeoutSeconds: 1,
          status: 1,
          alarmOnFailure: false,
        }),
      );
      const hr = await admin.json('POST', sys(`job/${h.id}/run`), { body: {} });
      await t.advance(1000);
      const hrec = await log(hr.body.id);
      expect(hrec.body).toMatchObject({ result: 'fail', timedOut: true });
    });

    it('retries with a delay, then succeeds; a final failure raises the alarm', async () => {
      const flaky = await createJob(
        admin,
        beanJob({ beanName: 'sleep', executeData: { ms: 10, failAttempts: 2 }, retryCount: 3, retryDelaySeconds: 1, status: 1 }),
      );
      const run = await admin.json('POST', sys(`job/${flaky.id}/run`), { body: {} });
      await t.advance(2000 + 3 * 10);
      const rec = await log(run.body.id);
      expect(rec.body).toMatchObject({ result: 'success', attempt: 2 });
      expect(rec.body.detail).toMatch(/attempt 1: error: failed on purpose \(attempt 0\)/);
      expect(rec.body.detail).toMatch(/attempt 3: slept 10 ms/);
      expect(rec.body.durationMs).toBeGreaterThanOrEqual(2000); // two delays of 1 s
      expect(rec.body.durationMs).toBe(2000 + 3 * 10);

      const broken = await createJob(admin, beanJob({ beanName: 'sleep', executeData: { ms: 1, fail: 'disk full' }, retryCount: 1, status: 1 }));
      const before = alarm.events.length;
      const r2 = await admin.json('POST', sys(`job/${broken.id}/run`), { body: {} });
      await t.advance(2);
      const rec2 = await log(r2.body.id);
      expect(rec2.body).toMatchObject({ result: 'fail', attempt: 1 });
      expect(alarm.events.length).toBeGreaterThan(before);
      expect(alarm.events.at(-1)).toMatchObject({ jobId: broken.id, recordId: r2.body.id, result: 'fail' });
      expect(alarm.events.at(-1)!.detail).toContain('disk full');
    });

    it('a run of a scheduler instance that stopped responding is recorded as failed by a survivor', async () => {
      const job = await createJob(admin, beanJob({ beanName: 'sleep', executeData: { ms: 30_000 }, status: 1, alarmOnFailure: false }));
      // A run claimed by an instance whose heartbeat is long gone (a killed process).
      await s.database.db.execute(sql`insert into sys_job_instance (id, host, pid, heartbeat_at) values ('dead-1', 'gone', 1, now() - interval '1 hour')`);
      const [row] = (
        (await s.database.db.execute(sql`insert into sys_job_log (org_id, job_id, job_name, job_group, trigger, planned_at, due_at, started_at, instance_id)
        values (1, ${job.id}, 'x', 'test', 'schedule', now() - interval '5 seconds', now() - interval '5 seconds', now() - interval '5 seconds', 'dead-1') returning id`)) as unknown as {
          rows: { id: number }[];
        }
      ).rows;
      // The survivor looks at its next heartbeat.
      await t.advance(t.scheduler.heartbeatMs);
      const rec = await log(row!.id);
      expect(rec.body.result).toBe('fail');
      expect(rec.body.detail).toMatch(/instance dead-1 stopped responding .* recorded as failed/);
    });

    it('a lost run of a job with retries left is dispatched again and runs on a survivor', async () => {
      const job = await createJob(admin, beanJob({ beanName: 'noop', status: 1, retryCount: 1, alarmOnFailure: false }));
      await s.database.db.execute(
        sql`insert into sys_job_instance (id, host, pid, heartbeat_at) values ('dead-2', 'gone', 1, now() - interval '1 hour') on conflict do nothing`,
      );
      const [row] = (
        (await s.database.db.execute(sql`insert into sys_job_log (org_id, job_id, job_name, job_group, trigger, planned_at, due_at, started_at, instance_id)
        values (1, ${job.id}, 'x', 'test', 'schedule', now() - interval '5 seconds', now() - interval '5 seconds', now() - interval '5 seconds', 'dead-2') returning id`)) as unknown as {
          rows: { id: number }[];
        }
      ).rows;
      await t.advance(t.scheduler.heartbeatMs);
      const rec = await log(row!.id);
      expect(rec.body).toMatchObject({ result: 'success', attempt: 1, instanceId: t.scheduler.instanceId });
      expect(rec.body.detail).toMatch(/instance dead-2 stopped responding .*; dispatched again/);
    });
  });

  describe('on the real clock', () => {
    let scheduler: JobScheduler;
    beforeAll(async () => {
      scheduler = newScheduler(s, alarm);
      await scheduler.start();
    });
    afterAll(async () => {
      await scheduler?.stop();
    });

    it('pause stops the fires, run-now still works (manual flag), resume goes on from now', async () => {
      const job = await createJob(admin, beanJob());
      await waitFor(
        () => records(s, job.id),
        (r) => finished(r).length >= 1,
      );
      const paused = await admin.json('PUT', sys(`job/${job.id}/pause`));
      expect(paused.code).toBe(0);
      expect(paused.body).toMatchObject({ status: 1, nextFireTime: null });
      await sleep(600); // fires claimed just before the pause may still finish
      const before = (await records(s, job.id)).length;
      await sleep(1500);
      expect((await records(s, job.id)).length).toBe(before);

      const run = await admin.json('POST', sys(`job/${job.id}/run`), { body: { executeData: { note: 'by hand' } } });
      expect(run.code).toBe(0);
      expect(run.body).toMatchObject({ manual: true, trigger: 'manual', result: 'normal' });
      const rec = await waitFor(
        () => admin.json('GET', sys(`job/log/${run.body.id}`)),
        (r) => r.body.result !== 'normal',
      );
      expect(rec.body).toMatchObject({ result: 'success', manual: true, params: { note: 'by hand' } });
      // Run at once, not at a fire time (the job is paused: it has none); a loaded machine may take a second or two to start it.
      expect(rec.body.delayMs).toBeLessThan(10_000);

      const resumedAt = Date.now();
      const resumed = await admin.json('PUT', sys(`job/${job.id}/resume`));
      expect(resumed.body.status).toBe(0);
      expect(new Date(resumed.body.nextFireTime).getTime()).toBeGreaterThan(resumedAt);
      await waitFor(
        () => records(s, job.id),
        (r) => r.filter((x) => !x.manual).length > before,
        5000,
      );
      // Nothing was replayed for the paused time.
      const sched = (await records(s, job.id)).filter((r) => !r.manual);
      const gaps = sched.slice(1).map((r, i) => r.planned_at.getTime() - sched[i]!.planned_at.getTime());
      expect(Math.max(...gaps)).toBeGreaterThanOrEqual(2000);
      await admin.json('PUT', sys(`job/${job.id}/pause`));
    });

    it('calls an HTTP executor: status and, when the job asks for it, the start of the answer are recorded', async () => {
      const ok = await createJob(
        admin,
        beanJob({
          jobType: 'http',
          beanName: null,
          executorIp: '127.0.0.1',
          executorHost: port,
          executorPath: '/hook',
          executeData: { orderId: 42 },
          recordAnswer: true,
          status: 1,
        }),
      );
      expect(ok.recordAnswer).toBe(true);
      const r = await admin.json('POST', sys(`job/${ok.id}/run`), { body: {} });
      const rec = await waitFor(
        () => admin.json('GET', sys(`job/log/${r.body.id}`)),
        (x) => x.body.result !== 'normal',
        5000,
      );
      expect(rec.body).toMatchObject({ result: 'success', httpStatus: 200, callMode: 'http', serviceName: `127.0.0.1:${port}/hook` });
      expect(rec.body.detail).toContain('HTTP 200: {"code":0,"msg":"answered 200"');
      const hit = hits.find((h) => h.headers['x-job-record-id'] === String(r.body.id))!;
      expect(JSON.parse(hit.body)).toEqual({ orderId: 42 });
      expect(hit.headers['x-job-id']).toBe(String(ok.id));

      const bad = await createJob(
        admin,
        beanJob({
          jobType: 'http',
          beanName: null,
          executorIp: 'localhost',
          executorHost: port,
          executorPath: '/hook?status=500',
          httpMethod: 'GET',
          executeData: { a: 1 },
          recordAnswer: true,
          status: 1,
          alarmOnFailure: false,
        }),
      );
      const r2 = await admin.json('POST', sys(`job/${bad.id}/run`), { body: {} });
      const rec2 = await waitFor(
        () => admin.json('GET', sys(`job/log/${r2.body.id}`)),
        (x) => x.body.result !== 'normal',
        5000,
      );
      expect(rec2.body).toMatchObject({ result: 'fail', httpStatus: 500 });
      expect(rec2.body.detail).toContain('answered 500');
      expect(hits.find((h) => h.headers['x-job-record-id'] === String(r2.body.id))!.path).toBe('/hook?status=500&a=1');

      const accepted = await createJob(
        admin,
        beanJob({ jobType: 'http', beanName: null, executorIp: '127.0.0.1', executorHost: port, executorPath: '/hook?status=202', status: 1 }),
      );
      const r3 = await admin.json('POST', sys(`job/${accepted.id}/run`), { body: {} });
      const rec3 = await waitFor(
        () => admin.json('GET', sys(`job/log/${r3.body.id}`)),
        (x) => x.body.result !== 'normal',
        5000,
      );
      expect(rec3.body).toMatchObject({ result: 'complete', httpStatus: 202 });
    });

    it('records only the status and duration of an HTTP answer unless the job asks for the answer', async () => {
      const job = await createJob(
        admin,
        beanJob({ jobType: 'http', beanName: null, executorIp: '127.0.0.1', executorHost: port, executorPath: '/hook', status: 1 }),
      );
      expect(job.recordAnswer).toBe(false);
      const r = await admin.json('POST', sys(`job/${job.id}/run`), { body: {} });
      const rec = await waitFor(
        () => admin.json('GET', sys(`job/log/${r.body.id}`)),
        (x) => x.body.result !== 'normal',
        5000,
      );
      expect(rec.body).toMatchObject({ result: 'success', httpStatus: 200, detail: 'HTTP 200' });
      expect(rec.body.durationMs).toBeGreaterThanOrEqual(0);
      const [stored] = (await records(s, job.id)).filter((x) => x.id === r.body.id);
      expect(stored!.detail).toBe('HTTP 200');
      expect(hits.some((h) => h.headers['x-job-record-id'] === String(r.body.id))).toBe(true);
    });

    it('a connection that fails is recorded as "connection failed", without address, port or system error', async () => {
      const job = await createJob(
        admin,
        beanJob({ jobType: 'http', beanName: null, executorIp: '127.1', executorHost: closedPort, executorPath: '/x', status: 1, alarmOnFailure: false }),
      );
      // Saved in its normal form.
      expect(job.executorIp).toBe('127.0.0.1');
      const r = await admin.json('POST', sys(`job/${job.id}/run`), { body: {} });
      const rec = await waitFor(
        () => admin.json('GET', sys(`job/log/${r.body.id}`)),
        (x) => x.body.result !== 'normal',
        5000,
      );
      expect(rec.body).toMatchObject({ result: 'fail', httpStatus: null, detail: 'request failed: connection failed' });
    });

    it('spellings of loopback on a port that is not listed are refused when saved (the address is listed for one port only)', async () => {
      for (const host of ['127.1', '2130706433', '0x7f000001', '0177.0.0.1', '::ffff:7f00:1', '[::1]', 'localhost']) {
        const r = await admin.json('POST', sys('job'), {
          body: beanJob({ jobType: 'http', beanName: null, executorIp: host, executorHost: 1, executorPath: '/x' }),
          lang: 'en-US',
        });
        expect(r.code, host).toBe(100400);
        expect(r.detail, host).toEqual([{ field: 'executorIp', message: `The executor address ${host} is not in the allowed list (JOB_HTTP_ALLOW)` }]);
      }
    });

    it('a job saved for a host name is refused at run time when only the name is listed (the address it resolves to is private)', async () => {
      const job = await createJob(
        admin,
        beanJob({ jobType: 'http', beanName: null, executorIp: 'localhost', executorHost: port, executorPath: '/rebind', status: 1, alarmOnFailure: false }),
      );
      await scheduler.stop();
      const nameOnly = newScheduler(s, alarm, { config: { ...s.config, jobs: { ...s.config.jobs, httpAllow: [`localhost:${port}`] } } });
      await nameOnly.start();
      try {
        const r = await admin.json('POST', sys(`job/${job.id}/run`), { body: {} });
        const rec = await waitFor(
          () => admin.json('GET', sys(`job/log/${r.body.id}`)),
          (x) => x.body.result !== 'normal',
          5000,
        );
        expect(rec.body.result).toBe('error');
        expect(rec.body.detail).toContain('not allowed by JOB_HTTP_ALLOW');
        expect(hits.some((h) => h.path === '/rebind')).toBe(false);
      } finally {
        await nameOnly.stop();
        scheduler = newScheduler(s, alarm);
        await scheduler.start();
      }
    });

    it('refuses an executor address that configuration does not allow, at save and at run time', async () => {
      const save = await admin.json('POST', sys('job'), {
        body: beanJob({ jobType: 'http', beanName: null, executorIp: '10.20.30.40', executorHost: 80, executorPath: '/x' }),
        lang: 'en-US',
      });
      expect(save.code).toBe(100400);
      expect(save.msg).toBe('The executor address 10.20.30.40 is not in the allowed list (JOB_HTTP_ALLOW)');
      expect(save.detail).toEqual([{ field: 'executorIp', message: save.msg }]);
      // Allowed when saved, no longer allowed when run: the run is refused and recorded as an error.
      const job = await createJob(
        admin,
        beanJob({ jobType: 'http', beanName: null, executorIp: '127.0.0.1', executorHost: port, executorPath: '/never', status: 1, alarmOnFailure: false }),
      );
      await scheduler.stop();
      const strict = newScheduler(s, alarm, { config: { ...s.config, jobs: { ...s.config.jobs, httpAllow: ['192.0.2.0/24'] } } });
      await strict.start();
      try {
        const r = await admin.json('POST', sys(`job/${job.id}/run`), { body: {} });
        const rec = await waitFor(
          () => admin.json('GET', sys(`job/log/${r.body.id}`)),
          (x) => x.body.result !== 'normal',
          5000,
        );
        expect(rec.body.result).toBe('error');
        expect(rec.body.detail).toContain('not allowed by JOB_HTTP_ALLOW');
        expect(hits.some((h) => h.path === '/never')).toBe(false);
      } finally {
        await strict.stop();
        scheduler = newScheduler(s, alarm);
        await scheduler.start();
      }
    });

    it('ships real maintenance handlers: purge logs past retention, expired sessions, old dispatch records', async () => {
      const db = s.database.db;
      await db.execute(
        sql`insert into sys_oper_log (module, action, method, path, code, duration_ms, created_at) values ('t', 't', 'GET', '/old', 0, 1, now() - interval '400 days'), ('t', 't', 'GET', '/new', 0, 1, now())`,
      );
      await db.execute(
        sql`insert into sys_login_log (login_name, login_way, success, code, created_at) values ('old', 'password', true, 0, now() - interval '400 days')`,
      );
      await db.execute(
        sql`insert into sys_job_log (org_id, job_name, job_group, trigger, planned_at, due_at, result) values (1, 'ancient', 'test', 'manual', now() - interval '100 days', now() - interval '100 days', 'success')`,
      );
      for (const beanName of ['purgeLogs', 'purgeExpiredSessions', 'purgeDispatchRecords']) {
        const job = await createJob(admin, beanJob({ beanName, status: 1 }));
        const r = await admin.json('POST', sys(`job/${job.id}/run`), { body: {} });
        const rec = await waitFor(
          () => admin.json('GET', sys(`job/log/${r.body.id}`)),
          (x) => x.body.result !== 'normal',
          5000,
        );
        expect(rec.body.result, rec.body.detail).toBe('success');
        if (beanName === 'purgeLogs') expect(rec.body.detail).toMatch(/kept 180 day\(s\): purged 1 login log row\(s\) and 1 operation log row\(s\)/);
        if (beanName === 'purgeDispatchRecords') expect(rec.body.detail).toMatch(/kept 30 day\(s\): purged 1 dispatch record/);
      }
      const left = (await db.execute(sql`select path from sys_oper_log where module = 't'`)) as unknown as { rows: { path: string }[] };
      expect(left.rows.map((r) => r.path)).toEqual(['/new']);
    });

    it('tidies the embedded database (no autovacuum there): afterwards the planner knows the tables’ sizes', async () => {
      const db = s.database.db;
      await db.execute(
        sql`insert into sys_oper_log (module, action, method, path, code, duration_ms) select 'tidy', 't', 'GET', '/x' || g, 0, 1 from generate_series(1, 300) g`,
      );
      const job = await createJob(admin, beanJob({ beanName: 'tidyDatabase', status: 1 }));
      const r = await admin.json('POST', sys(`job/${job.id}/run`), { body: {} });
      const rec = await waitFor(
        () => admin.json('GET', sys(`job/log/${r.body.id}`)),
        (x) => x.body.result !== 'normal',
        30_000,
      );
      expect(rec.body.result, rec.body.detail).toBe('success');
      if (kind === 'postgres') expect(rec.body.detail).toMatch(/autovacuum/);
      else {
        expect(rec.body.detail).toMatch(/vacuumed and analysed/);
        const [planned] = await s.database.query<{ planned: number; counted: number }>(
          `select reltuples::int as planned, (select count(*)::int from sys_oper_log) as counted from pg_class where relname = 'sys_oper_log'`,
        );
        expect(planned!.planned).toBe(planned!.counted);
      }
    });
  });
});
