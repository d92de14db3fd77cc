import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../support/free-port';

/**
 * A PostgreSQL server of the fault tests' own (initdb + pg_ctl on a temp dir and a free port), so
 * that stopping it mid-load touches nothing shared. PostgreSQL refuses to run as root: as root it
 * runs as the `postgres` system user.
 */
export interface PrivatePostgres {
  url: string;
  start(): void;
  /** `fast` ends every session at once (what a restart or failover does to the app). */
  stop(): void;
  destroy(): Promise<void>;
}

function binDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  return versions.map((v) => path.join(root, v, 'bin')).find((dir) => existsSync(path.join(dir, 'pg_ctl')));
}

/** Why no private server can run here, or undefined when one can. */
export function privatePostgresUnavailable(): string | undefined {
  const bin = binDir();
  if (!bin) return 'no PostgreSQL binaries under /usr/lib/postgresql/*/bin';
  if (process.getuid?.() === 0 && spawnSync('id', ['-u', 'postgres']).status !== 0) {
    return 'running as root and there is no postgres user to run PostgreSQL as';
  }
  return undefined;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir()!;
  const dir = await mkdtemp(path.join(tmpdir(), 'medrem-pg-'));
  const asRoot = process.getuid?.() === 0;
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? 'runuser' : path.join(bin, tool);
    const full = asRoot ? ['-u', 'postgres', '--', path.join(bin, tool), ...args] : args;
    const result = spawnSync(command, full, { encoding: 'utf8', timeout: 60_000 });
    if (result.status !== 0) throw new Error(`${tool} failed: ${result.stderr || result.stdout}`);
  };
  if (asRoot) {
    const { uid, gid } = postgresIds();
    await chown(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=40`;
  const server: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']),
    stop: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    async destroy() {
      spawnSync(asRoot ? 'runuser' : path.join(bin, 'pg_ctl'), [
        ...(asRoot ? ['-u', 'postgres', '--', path.join(bin, 'pg_ctl')] : []),
        '-D',
        data,
        '-m',
        'immediate',
        'stop',
      ]);
      await rm(dir, { recursive: true, force: true });
    },
  };
  server.start();
  return server;
}

function postgresIds(): { uid: number; gid: number } {
  const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  return { uid, gid };
}
