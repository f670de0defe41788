import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../bench/bench-lib';

const run = promisify(execFile);

/**
 * A PostgreSQL primary and a streaming replica of it, made by the test on this machine (issue 18
 * point 8): two clusters in a temporary folder, the primary from `initdb`, the replica from
 * `pg_basebackup -R` (which writes standby.signal and primary_conninfo), each on a free port of
 * 127.0.0.1. PostgreSQL refuses to run as root, so the programs run as the `postgres` user
 * (`runuser -u postgres` when the test runs as root). `.ci/run` installs the Debian packages.
 */

export interface PostgresTools {
  bin: string;
  /** The command prefix that runs a program as the postgres user. */
  asPostgres: string[];
}

/** The PostgreSQL server programs and a way to run them as `postgres`, or why there are none. */
export function findPostgresTools(): PostgresTools | string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => /^\d+$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const bin = versions
    .map((version) => path.join(root, version, 'bin'))
    .find((dir) => ['initdb', 'pg_ctl', 'pg_basebackup'].every((tool) => existsSync(path.join(dir, tool))));
  if (!bin) return `no PostgreSQL server programs (initdb, pg_ctl, pg_basebackup) under ${root}/*/bin`;
  const user = userInfo();
  if (user.username === 'postgres') return { bin, asPostgres: [] };
  if (user.uid !== 0)
    return `the test runs as ${user.username}: it needs root (runuser) or the postgres user`;
  if (!existsSync('/usr/sbin/runuser') && !existsSync('/sbin/runuser') && !existsSync('/usr/bin/runuser')) {
    return 'runuser is missing';
  }
  return { bin, asPostgres: ['runuser', '-u', 'postgres', '--'] };
}

export interface ReplicatedClusters {
  primaryUrl: string;
  replicaUrl: string;
  /** Stops the replica at once, as a crash would (`pg_ctl stop -m immediate`). */
  killReplica(): Promise<void>;
  startReplica(): Promise<void>;
  /** Ends both clusters and removes the folder. */
  cleanup(): Promise<void>;
}

export async function startReplicatedClusters(tools: PostgresTools): Promise<ReplicatedClusters> {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-replica-'));
  const postgresUid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
  const postgresGid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
  if (tools.asPostgres.length > 0) chownSync(dir, postgresUid, postgresGid);
  const primaryDir = path.join(dir, 'primary');
  const replicaDir = path.join(dir, 'replica');
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const exec = async (tool: string, args: string[]) => {
    const [command, ...prefix] = [...tools.asPostgres, path.join(tools.bin, tool)];
    if (command === undefined) throw new Error('no command');
    await run(command, [...prefix, ...args], { cwd: dir, timeout: 120_000 });
  };
  // Fast, throw-away clusters: no fsync; the socket in the temporary folder.
  const options = (port: number) =>
    `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c full_page_writes=off ` +
    '-c max_connections=60 -c shared_buffers=32MB';
  const start = (dataDir: string, port: number, log: string) =>
    exec('pg_ctl', [
      '-D',
      dataDir,
      '-l',
      path.join(dir, log),
      '-o',
      options(port),
      '-w',
      '-t',
      '60',
      'start',
    ]);
  let primaryUp = false;
  let replicaUp = false;
  const cleanup = async () => {
    if (replicaUp) await exec('pg_ctl', ['-D', replicaDir, '-m', 'immediate', 'stop']).catch(() => undefined);
    if (primaryUp) await exec('pg_ctl', ['-D', primaryDir, '-m', 'immediate', 'stop']).catch(() => undefined);
    replicaUp = false;
    primaryUp = false;
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await exec('initdb', ['-D', primaryDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
    writeFileSync(path.join(dir, 'primary.log'), '');
    if (tools.asPostgres.length > 0) chownSync(path.join(dir, 'primary.log'), postgresUid, postgresGid);
    await start(primaryDir, primaryPort, 'primary.log');
    primaryUp = true;
    await exec('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      replicaDir,
      '-R',
      '-X',
      'stream',
      '--no-sync',
    ]);
    writeFileSync(path.join(dir, 'replica.log'), '');
    if (tools.asPostgres.length > 0) chownSync(path.join(dir, 'replica.log'), postgresUid, postgresGid);
    await start(replicaDir, replicaPort, 'replica.log');
    replicaUp = true;
  } catch (error) {
    await cleanup();
    throw error;
  }
  return {
    primaryUrl: `postgres://postgres@127.0.0.1:${primaryPort}/postgres`,
    replicaUrl: `postgres://postgres@127.0.0.1:${replicaPort}/postgres`,
    async killReplica() {
      await exec('pg_ctl', ['-D', replicaDir, '-m', 'immediate', 'stop']);
      replicaUp = false;
    },
    async startReplica() {
      await start(replicaDir, replicaPort, 'replica.log');
      replicaUp = true;
    },
    cleanup,
  };
}
