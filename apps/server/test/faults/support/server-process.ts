import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, waitFor } from '../../support/free-port';

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
