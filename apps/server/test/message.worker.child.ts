import { openDatabase } from '../src/platform/db.ts';
import { MessageWorker } from '../src/modules/message/index.ts';
import { HttpAllowList } from '../src/platform/outbound.ts';

/**
 * A sending process for message.cluster.test.ts: one queue worker on DATABASE_URL with a short
 * lease, nothing else. The test kills it with SIGKILL while its sends are in flight.
 */
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, listenUrl: process.env.DATABASE_LISTEN_URL, dataDir: '/tmp', poolSize: 4 });
const worker = new MessageWorker(database.db, Buffer.from(process.env.MSG_SECRET_KEY!, 'hex'), {
  leaseMs: Number(process.env.MSG_LEASE_MS ?? 2000),
  batch: Number(process.env.MSG_BATCH ?? 20),
  concurrency: 4,
  idleMs: 50,
  allow: new HttpAllowList((process.env.MSG_OUTBOUND_ALLOW ?? '*').split(',')),
  // A failed round is printed: the test shows it when this process sends nothing.
  log: { warn: (obj, msg) => process.stderr.write(`${msg} ${JSON.stringify(obj)}\n`) },
});
worker.start();
// The worker's timers do not hold a process open (a server's listening socket does), and behind
// PgBouncer no pooled connection is open yet either: this process holds itself open until it is killed.
setInterval(() => undefined, 60_000);
process.stdout.write('worker started\n');
