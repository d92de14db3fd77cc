import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { freePort, waitFor } from '../../support/free-port';
import { TEST_ENGINE, createEmptyServerDatabase } from '../../support/test-database';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The real server (src/server.ts) in a child process of its own, so a test can kill -9 it. */
export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once it has exited. */
  exited: Promise<number | string>;
  /** True once /api/health answers 200; false if it exited (or did not answer) first. */
  ready(ms?: number): Promise<boolean>;
}

export function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  return spawnEntry('src/server.ts', env);
}

/** A reminder worker (src/worker.ts); `ready` waits for its "reminder worker ready" line. */
export function spawnWorker(env: Record<string, string>): Promise<ServerProcess> {
  return spawnEntry('src/worker.ts', { LOG_LEVEL: 'info', ...env });
}

async function spawnEntry(entry: string, env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const worker = entry.endsWith('worker.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
      LOGIN_MAX_FAILURES_PER_IP: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let exitedWith: number | string | undefined;
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => {
      exitedWith = code ?? signal ?? 'unknown';
      resolve(exitedWith);
    }),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    child,
    baseUrl,
    output: () => output,
    exited,
    ready: (ms = 60_000) =>
      waitFor(async () => {
        if (exitedWith !== undefined) return true;
        if (worker) return output.includes('reminder worker ready');
        try {
          return (await fetch(`${baseUrl}/api/health`)).status === 200;
        } catch {
          return false;
        }
      }, ms).then((answered) => answered && exitedWith === undefined),
  };
}

/**
 * One DATA_DIR (and, on the PostgreSQL pass, an empty database of its own) shared by the server
 * processes a test starts on it, one after another: `start` waits until each answers; `dispose`
 * kills whatever still runs and removes the data.
 */
export interface ServerSandbox {
  start(extra?: Record<string, string>, readyMs?: number): Promise<ServerProcess>;
  dispose(): Promise<void>;
}

export async function serverSandbox(label: string, env: Record<string, string> = {}): Promise<ServerSandbox> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `medrem-${label}-`));
  const base: Record<string, string> = { ...env, DATA_DIR: dataDir };
  let dropDatabase: (() => Promise<void>) | undefined;
  if (TEST_ENGINE === 'postgres') {
    const database = await createEmptyServerDatabase(process.env.TEST_DATABASE_URL!);
    base.DATABASE_URL = database.url;
    dropDatabase = () => database.drop();
  }
  const processes: ServerProcess[] = [];
  return {
    async start(extra = {}, readyMs) {
      const server = await spawnServer({ ...base, ...extra });
      processes.push(server);
      expect(await server.ready(readyMs), server.output()).toBe(true);
      return server;
    },
    async dispose() {
      for (const server of processes) server.child.kill('SIGKILL');
      await Promise.all(processes.map((server) => server.exited));
      await dropDatabase?.();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
