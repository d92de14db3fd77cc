import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const SERVER_JS = join(here, '../../../server/dist/server.js');

/** Whether a server could listen on this port now (binding tells; a connect could reach itself). */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** Ports each Playwright worker picks its own servers' from, apart from the other workers'. */
const PORTS_PER_WORKER = 40;

/**
 * The first free port from E2E_PORT + 10 up (E2E_PORT + 1 … + 5 belong to the social sign-in
 * setup, some of them bound only while its emulator runs), in this worker's own range: two workers
 * could otherwise both find a port free and pick it before either binds it. Not a system-picked
 * (ephemeral) port: between a stop and a restart, another process's listen(0) or outgoing
 * connection could take one.
 */
async function freePort(): Promise<number> {
  const worker = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  const from = Number(process.env.E2E_PORT ?? 3123) + 10 + worker * PORTS_PER_WORKER;
  for (let port = from; port < from + PORTS_PER_WORKER; port += 1) if (await portIsFree(port)) return port;
  throw new Error(`no free port from ${from} to ${from + PORTS_PER_WORKER - 1}`);
}

/**
 * A server process of the test's own (the built server on its own port and DATA_DIR), so a test can
 * stop it — even right after it committed a write — and start it again on the same data. Its
 * request log tells how often a call really reached it.
 */
export class OwnServer {
  /**
   * Made at the first start, not here: Playwright also loads the spec files to list them, in a
   * process that never runs a test, and a folder made there would be left behind.
   */
  private dataDir: string | null = null;
  private process: ChildProcess | null = null;
  private log = '';

  private chosenPort: number | null;

  /**
   * Without a port, the first start picks a free one (freePort), and every restart reuses it.
   * `env`: settings of this server only (e.g. REQUIRE_EMAIL_VERIFICATION), over the defaults below.
   */
  constructor(
    port?: number,
    private readonly env: Record<string, string> = {},
  ) {
    this.chosenPort = port ?? null;
  }

  get port(): number {
    if (this.chosenPort === null) throw new Error('OwnServer: start() it first');
    return this.chosenPort;
  }

  get baseURL(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Where this server writes mail without SMTP_URL (decision 201); known once it started. */
  get mailFolder(): string {
    if (this.dataDir === null) throw new Error('OwnServer: start() it first');
    return join(this.dataDir, 'mail');
  }

  /** The base URL, picking the port if none was yet (a test fixture may ask before beforeAll). */
  async url(): Promise<string> {
    this.chosenPort ??= await freePort();
    return this.baseURL;
  }

  async start(): Promise<void> {
    this.chosenPort ??= await freePort();
    // A server left on this port (an earlier run killed mid-way) would answer in this one's place.
    if (!(await portIsFree(this.port))) {
      throw new Error(`port ${this.port} is already in use: stop the process listening there first`);
    }
    const child = spawn(process.execPath, [SERVER_JS], {
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: (this.dataDir ??= mkdtempSync(join(tmpdir(), 'medrem-offline-e2e-'))),
        NODE_ENV: 'production',
        // debug: each request's "incoming request" line is written when it arrives, so a request the
        // server committed just before being killed is still counted (its access line may not be).
        LOG_LEVEL: 'debug',
        // As in playwright.config.ts: every browser of the run is one IP to the per-IP ceiling.
        RATE_LIMIT_PER_MINUTE: '100000',
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (this.log += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.log += chunk.toString()));
    this.process = child;
    // Never outlive the test worker, however it ends.
    process.once('exit', () => child.kill('SIGKILL'));
    for (let attempt = 0; attempt < 300; attempt += 1) {
      if (child.exitCode !== null) throw new Error(`server exited: ${this.log.slice(-2000)}`);
      const healthy = await fetch(`${this.baseURL}/api/health`)
        .then((r) => r.ok)
        .catch(() => false);
      if (healthy) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('server did not become healthy');
  }

  /** Kills the process at once (no graceful close): whatever it committed is all it did. */
  async stop(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    this.process = null;
  }

  /** Stops the server and removes its data: the test is done with both. */
  async dispose(): Promise<void> {
    await this.stop();
    if (this.dataDir !== null) rmSync(this.dataDir, { recursive: true, force: true });
    this.dataDir = null;
  }

  /** How many requests with this method reached a path matching `path` (from the request log). */
  requestsTo(method: string, path: RegExp): number {
    return this.log
      .split('\n')
      .filter((line) => line.includes('"msg":"incoming request"'))
      .map((line) => JSON.parse(line) as { req?: { method?: string; url?: string } })
      .filter((entry) => entry.req?.method === method && path.test(entry.req.url ?? '')).length;
  }
}
