/** What the benchmarks share: ports, waiting for a server, and seeding an account through the API. */
import type { ChildProcess } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { loadConfig } from '../apps/server/src/config/config';

/**
 * The Node flags `npm start` runs the server with (package.json is their one source; the Dockerfile
 * and docker-compose.yml repeat them, checked by deployment-files.test.ts): a benchmark that starts
 * the server, or runs the engine in its own process, measures what users run (decision 152).
 */
export const SERVER_NODE_FLAGS: readonly string[] = (() => {
  const { scripts } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    scripts: { start: string };
  };
  const flags = /\bnode((?: --\S+)*) apps\/server\/dist\/server\.js/.exec(scripts.start)?.[1];
  if (flags === undefined)
    throw new Error(`package.json's start script does not run the server: ${scripts.start}`);
  return flags.split(' ').filter(Boolean);
})();

/**
 * For a benchmark that runs the engine or the sender in its own process: stops unless this process
 * was started with SERVER_NODE_FLAGS (its npm script passes them), so it measures what users run.
 */
export function requireServerNodeFlags(script: string): void {
  const missing = SERVER_NODE_FLAGS.filter((flag) => !process.execArgv.includes(flag));
  if (missing.length > 0) {
    throw new Error(`${script} measures what \`npm start\` runs: start it with ${missing.join(' ')}`);
  }
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
  await call('POST', '/api/user/register', { name: 'Ada Lovelace', email, password, timezone: 'UTC' });
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
