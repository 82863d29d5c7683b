// Messaging figures (issue 14), on PostgreSQL (two processes need a shared database):
//  - messages.deliverPerSec: station messages delivered per second by two worker processes
//    (apps/server/test/message.worker.child.ts) draining one queue of 5,000 messages;
//  - messages.duplicates: messages delivered more than once (station messages beyond one per
//    queued message, and queue rows attempted twice). Target 0.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { benchPostgresUrl, root } from './_support.ts';
import { Client, startServer } from '../../apps/server/test/harness.ts';
import { messageWorkers } from '../../apps/server/src/modules/message/index.ts';

const N = 5000;
const out: Record<string, number | string> = {};
const pgUrl = await benchPostgresUrl();
if (!pgUrl) {
  console.log('messages: no PostgreSQL answers (BENCH_DATABASE_URL, TEST_DATABASE_URL or 127.0.0.1:5432): two processes need one');
  console.log(JSON.stringify(out));
  process.exit(0);
}
process.env.TEST_DATABASE_URL = pgUrl;
const s = await startServer('postgres', { JOB_SCHEDULER: '0' });
const children: ChildProcess[] = [];
try {
  await messageWorkers.get(s.app)!.stop();
  const admin = new Client(s);
  await admin.login();
  const ok = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const r = await admin.json(method, url, body === undefined ? {} : { body });
    if (r.code !== 0) throw new Error(`${url}: ${r.msg} ${JSON.stringify(r.detail)}`);
    return r.body;
  };
  await ok('POST', '/api/system/message/business', {
    code: 'bench.station',
    name: 'bench',
    variables: [{ name: 'seq', sample: '1' }],
    channels: ['station'],
    recipients: { operator: true },
  });
  const [me] = await s.database.query<{ id: number; org_id: number }>(`select id, org_id from sys_user where code = 'admin'`);

  const started: Promise<void>[] = [];
  for (let i = 0; i < 2; i++) {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/test/message.worker.child.ts')], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: s.config.databaseUrl!,
        MSG_SECRET_KEY: s.app.ctx.keys.secretKey.toString('hex'),
        MSG_BATCH: '100',
        MSG_LEASE_MS: '60000',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    started.push(new Promise((resolve) => child.stdout!.on('data', (b: Buffer) => b.toString().includes('worker started') && resolve())));
  }
  await Promise.all(started);

  // The queue as publish leaves it: rendered rows, one per recipient, committed at once.
  const t0 = performance.now();
  await s.database.query(
    `insert into msg_send (org_id, business_code, channel, user_id, recipient_name, lang, title, content)
     select $1, 'bench.station', 'station', $2, 'admin', 'zh-CN', 'bench #' || g, 'message #' || g from generate_series(1, ${N}) g`,
    [Number(me!.org_id), Number(me!.id)],
  );
  for (;;) {
    const [left] = await s.database.query<{ n: string }>(`select count(*) as n from msg_send where business_code = 'bench.station' and status <> 'sent'`);
    if (Number(left!.n) === 0) break;
    if (performance.now() - t0 > 300_000) throw new Error(`messages: ${left!.n} still queued after 5 minutes`);
    await new Promise((r) => setTimeout(r, 20));
  }
  const seconds = (performance.now() - t0) / 1000;
  const [dup] = await s.database.query<{ extra: string; retried: string }>(
    `select (select count(*) from sys_station_message where source_key in (select 'msg:' || id from msg_send where business_code = 'bench.station')) - ${N} as extra,
            (select count(*) from msg_send where business_code = 'bench.station' and attempts <> 1) as retried`,
  );
  console.log(`${N} station messages by two processes in ${seconds.toFixed(2)} s`);
  out['messages.deliverPerSec'] = Math.round(N / seconds);
  out['messages.duplicates'] = Math.max(0, Number(dup!.extra)) + Number(dup!.retried);
} finally {
  for (const c of children) c.kill('SIGKILL');
  await s.close();
}
console.log(JSON.stringify(out));
