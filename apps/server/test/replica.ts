import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { scratchDir } from './harness.ts';

/**
 * A throwaway PostgreSQL primary and a streaming standby made with `pg_basebackup -R`, under a
 * temporary directory with Debian's binaries, for the tests of reports on a replica. Its own pair,
 * not the machine's server: nothing of the shared server (its pg_hba, its WAL) is touched. As root
 * the servers run as the `postgres` user (PostgreSQL refuses root), as scripts/cluster.mjs does.
 */

/** The newest `/usr/lib/postgresql/<n>/bin` with what a pair needs, or undefined. */
export function postgresBin(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return undefined;
  const versions = fs
    .readdirSync(base)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  return versions
    .map((v) => path.join(base, v, 'bin'))
    .find((bin) => ['initdb', 'pg_ctl', 'pg_basebackup', 'postgres', 'psql'].every((b) => fs.existsSync(path.join(bin, b))));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface ReplicaPair {
  primaryUrl: string;
  standbyUrl: string;
  /** Runs SQL on one of the two (psql, unaligned), answering its output. */
  sql(on: 'primary' | 'standby', text: string): string;
  stop(): void;
}

export async function startReplicaPair(bin: string): Promise<ReplicaPair> {
  const dir = fs.mkdtempSync(path.join(scratchDir, 'venue-replica-'));
  const asRoot = process.getuid?.() === 0;
  const ids = asRoot ? postgresIds() : {};
  if (asRoot) fs.chownSync(dir, ids.uid!, ids.gid!);
  const run = (cmd: string, args: string[]) => {
    const r = spawnSync(path.join(bin, cmd), args, { ...ids, cwd: dir, encoding: 'utf8', timeout: 60_000 });
    if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')}: ${r.stderr || r.stdout || r.error?.message}`);
    return r.stdout;
  };
  const [primaryPort, standbyPort] = [await freePort(), await freePort()];
  const primary = path.join(dir, 'primary');
  const standby = path.join(dir, 'standby');
  // Throwaway data: no fsync; the socket in the pair's own directory.
  const opts = (port: number) =>
    `-c port=${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off -c full_page_writes=off -c shared_buffers=32MB -c max_connections=40`;
  let started: string[] = [];
  const stop = () => {
    for (const d of started.reverse()) spawnSync(path.join(bin, 'pg_ctl'), ['-D', d, '-m', 'immediate', '-w', 'stop'], { ...ids, cwd: dir, timeout: 30_000 });
    started = [];
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    // Trust on 127.0.0.1 (initdb's pg_hba then admits replication connections from it too).
    run('initdb', ['-D', primary, '-U', 'postgres', '--auth=trust', '-N', '-E', 'UTF8', '--locale=C.UTF-8', '--no-instructions']);
    run('pg_ctl', ['-D', primary, '-l', path.join(dir, 'primary.log'), '-w', '-o', `${opts(primaryPort)} -c wal_level=replica -c max_wal_senders=4`, 'start']);
    started.push(primary);
    run('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', standby, '-R', '-X', 'stream', '-c', 'fast']);
    run('pg_ctl', ['-D', standby, '-l', path.join(dir, 'standby.log'), '-w', '-o', `${opts(standbyPort)} -c hot_standby=on`, 'start']);
    started.push(standby);
  } catch (e) {
    stop();
    throw e;
  }
  const sql = (on: 'primary' | 'standby', text: string) =>
    run('psql', ['-h', '127.0.0.1', '-p', String(on === 'primary' ? primaryPort : standbyPort), '-U', 'postgres', '-d', 'postgres', '-XtAc', text]).trim();
  return {
    primaryUrl: `postgres://postgres@127.0.0.1:${primaryPort}/postgres`,
    standbyUrl: `postgres://postgres@127.0.0.1:${standbyPort}/postgres`,
    sql,
    stop,
  };
}

function postgresIds(): { uid?: number; gid?: number } {
  const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (uid.status !== 0) throw new Error('no postgres user to run the throwaway servers as (PostgreSQL refuses root)');
  return { uid: Number(uid.stdout), gid: Number(gid.stdout) };
}
