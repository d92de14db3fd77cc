/** What the benchmarks share: ports, waiting for a server, and seeding an account through the API. */
import { type ChildProcess, fork } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { loadConfig } from '../apps/server/src/config/config';

const startScript = (() => {
  const { scripts } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    scripts: { start: string };
  };
  const match = /\b((?:[A-Z_]+=\S+ )*)node((?: --\S+)*) apps\/server\/dist\/server\.js/.exec(scripts.start);
  if (!match) throw new Error(`package.json's start script does not run the server: ${scripts.start}`);
  return { env: match[1]!, flags: match[2]! };
})();

/**
 * The Node flags `npm start` runs the server with (package.json is their one source; the Dockerfile
 * repeats them, checked by deployment-files.test.ts): a benchmark that starts the server, or runs
 * the embedded engine in its own process, measures what users run (decisions 152, 336).
 */
export const SERVER_NODE_FLAGS: readonly string[] = startScript.flags.split(' ').filter(Boolean);

/**
 * The environment `npm start` sets before `node` (decision 336: glibc's malloc trims what it frees
 * instead of keeping up to 64 MiB per arena); the Dockerfile's ENV repeats it.
 */
export const SERVER_ENV: Readonly<Record<string, string>> = Object.fromEntries(
  startScript.env
    .split(' ')
    .filter(Boolean)
    .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
);

/**
 * The Node flags of the scaled deployment's reminder worker (docker-compose.yml's `worker` command,
 * its one source): a larger young generation for a due second's burst (decision 152), which the
 * embedded server no longer takes (decision 336).
 */
export const WORKER_NODE_FLAGS: readonly string[] = (() => {
  const compose = readFileSync(new URL('../docker-compose.yml', import.meta.url), 'utf8');
  const command = /command: \[((?:'[^']*', )*)'apps\/server\/dist\/worker\.js'\]/.exec(compose)?.[1];
  if (command === undefined) throw new Error("docker-compose.yml's worker does not run worker.js");
  const words = [...command.matchAll(/'([^']*)'/g)].map((m) => m[1]!);
  return words.filter((word) => word.startsWith('--'));
})();

/** The flags and environment of the process that runs the engine in a deployment of `engine`. */
export function engineRuntime(engine: 'embedded' | 'postgres'): {
  flags: readonly string[];
  env: Readonly<Record<string, string>>;
} {
  return engine === 'embedded'
    ? { flags: SERVER_NODE_FLAGS, env: SERVER_ENV }
    : { flags: WORKER_NODE_FLAGS, env: SERVER_ENV };
}

/**
 * The flags for the children of a benchmark that runs the engine (its --workers, its ceiling): the
 * engine's deployment's, or with BENCH_AS_STARTED=1 this process's own young-generation flags.
 */
export function childEngineFlags(engine: 'embedded' | 'postgres'): readonly string[] {
  return process.env.BENCH_AS_STARTED === '1'
    ? process.execArgv.filter((flag) => flag.startsWith('--max-semi-space-size'))
    : engineRuntime(engine).flags;
}

/**
 * For a benchmark that runs the engine or the sender in its own process: stops unless this process
 * was started with SERVER_NODE_FLAGS (its npm script passes them), so it measures what users run.
 * BENCH_AS_STARTED=1 (an A/B of runtimes) measures the flags it was given instead.
 */
export function requireServerNodeFlags(script: string): void {
  if (process.env.BENCH_AS_STARTED === '1') return;
  const missing = SERVER_NODE_FLAGS.filter((flag) => !process.execArgv.includes(flag));
  if (missing.length > 0) {
    throw new Error(`${script} measures what \`npm start\` runs: start it with ${missing.join(' ')}`);
  }
}

/**
 * For a benchmark that runs the engine in this process: unless it already runs with the flags and
 * environment of `engine`'s deployment (engineRuntime), starts itself again with them (and
 * `--expose-gc`, `--import tsx`) and resolves to that run's exit code; resolves undefined when this
 * process is the one to measure. One npm script thus measures both deployments as they run.
 */
export async function rerunWithEngineRuntime(engine: 'embedded' | 'postgres'): Promise<number | undefined> {
  const { flags, env } = engineRuntime(engine);
  const ownSemiSpace = process.execArgv.filter((flag) => flag.startsWith('--max-semi-space-size'));
  const semiSpace = flags.filter((flag) => flag.startsWith('--max-semi-space-size'));
  const matches =
    flags.every((flag) => process.execArgv.includes(flag)) &&
    ownSemiSpace.every((flag) => semiSpace.includes(flag)) &&
    Object.entries(env).every(([name, value]) => process.env[name] === value);
  // BENCH_AS_STARTED=1: measure this process's own flags (an A/B of runtimes, e.g. decision 336's).
  if (matches || process.env.BENCH_AS_STARTED === '1') return undefined;
  const child = fork(process.argv[1]!, process.argv.slice(2), {
    execArgv: [...flags, '--expose-gc', '--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: 'inherit',
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
}

/**
 * The PostgreSQL connections the app opens on this machine: `DATABASE_POOL_SIZE`, read and checked
 * by the app's own config, or its default (decision 157). A benchmark's own database handle or
 * reference opens as many, so it differs from the app only in code.
 */
export function appDatabasePoolSize(): number {
  return loadConfig({ DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE }).databasePoolSize;
}

/** A port nobody listens on now (another session's server on a fixed port would be measured instead). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Resolves once `origin + pathname` answers 2xx; fails if the process exits or 120 s pass. */
export async function waitFor(origin: string, pathname: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 1200; i += 1) {
    if (child.exitCode !== null) throw new Error(`${pathname}: the process exited with ${child.exitCode}`);
    try {
      if ((await fetch(origin + pathname)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${origin}${pathname} did not answer in 120 s`);
}

export interface SeededAccount {
  email: string;
  token: string;
  /** The session cookie's value (mr_session). */
  cookie: string;
  medicineIds: string[];
  today: string;
}

/** An account with the given medicines (name, frequency), created through the REST API. */
export async function seedAccount(
  origin: string,
  medicines: readonly (readonly [name: string, frequency: string])[],
  /** The account's language (issue 54); English when absent. */
  locale?: string,
): Promise<SeededAccount> {
  const email = `bench-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const password = 'correct-horse-2';
  const call = async (method: string, url: string, body: unknown, token?: string) => {
    const response = await fetch(origin + url, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return response;
  };
  await call('POST', '/api/user/register', {
    name: 'Ada Lovelace',
    email,
    password,
    timezone: 'UTC',
    ...(locale ? { locale } : {}),
  });
  const login = await call('POST', '/api/auth/login', { email, password });
  const cookie = /mr_session=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1];
  if (!cookie) throw new Error('login set no session cookie');
  const { token } = (await (await call('POST', '/jwt', { email, password })).json()) as { token: string };
  const today = new Date().toISOString().slice(0, 10);
  const medicineIds: string[] = [];
  for (const [name, frequency] of medicines) {
    const created = await call(
      'POST',
      '/api/medicine',
      {
        userEmail: email,
        name,
        dosage: '500mg',
        frequency,
        startDate: today,
        durationDays: 30,
        originalDurationDays: 30,
        totalPills: 20,
        pillsPerDose: 1,
        instructions: 'After food',
      },
      token,
    );
    medicineIds.push(((await created.json()) as { id: string }).id);
  }
  return { email, token, cookie, medicineIds, today };
}

/** The middle value (the mean of the two middle ones for an even count): a run's figure, robust to one outlier. */
export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * Devices of the seeded users on the local push sink: the endpoint of user `i`, and its Web Push
 * subscription as a browser serialises it (one key pair for all: the sink does not decrypt).
 */
export function sinkDevices(sinkPort: number): {
  endpoint: (i: number) => string;
  subscription: (i: number) => string;
} {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const keys = {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
  const endpoint = (i: number) => `http://127.0.0.1:${sinkPort}/push/${i}`;
  return {
    endpoint,
    subscription: (i) => JSON.stringify({ endpoint: endpoint(i), expirationTime: null, keys }),
  };
}
