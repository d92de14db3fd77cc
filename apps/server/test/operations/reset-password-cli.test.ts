import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client';
import { signedInUser } from '../support/scenario';
import { TEST_ENGINE, createEmptyServerDatabase } from '../support/test-database';
import { type ServerProcess, spawnServer } from '../faults/support/server-process';
import { runCli } from './support/run-cli';

const PUBLIC_URL = 'https://meds.example.org';
const LINK = /^https:\/\/meds\.example\.org\/reset-password\?token=([A-Za-z0-9_-]{43})$/m;

/**
 * `npm run reset-password -- EMAIL` (decision 207) against a real server process: with the server
 * running (embedded: the server issues the link over the control socket; PostgreSQL: the command
 * writes it), and with no server running; the printed link then resets the password over HTTP.
 */
describe(`npm run reset-password (${TEST_ENGINE})`, () => {
  let dataDir: string;
  const env: Record<string, string> = { PUBLIC_URL };
  let dropDatabase: (() => Promise<void>) | undefined;
  const processes: ServerProcess[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'medrem-reset-cli-'));
    env.DATA_DIR = dataDir;
    if (TEST_ENGINE === 'postgres') {
      const database = await createEmptyServerDatabase(process.env.TEST_DATABASE_URL!);
      env.DATABASE_URL = database.url;
      dropDatabase = () => database.drop();
    }
  });
  afterAll(async () => {
    for (const server of processes) server.child.kill('SIGKILL');
    await Promise.all(processes.map((server) => server.exited));
    await dropDatabase?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  const start = async () => {
    const server = await spawnServer(env);
    processes.push(server);
    expect(await server.ready(90_000), server.output()).toBe(true);
    return server;
  };
  const resetWith = async (server: ServerProcess, stdout: string, email: string, password: string) => {
    const token = LINK.exec(stdout)?.[1];
    expect(token, stdout).toBeDefined();
    const api = new ApiClient(server.baseUrl);
    const done = await api.post('/api/auth/password-reset/confirm', { token, password });
    expect(done.status, done.text).toBe(200);
    expect(done.body.user.email).toBe(email);
    const again = await api.post('/api/auth/password-reset/confirm', { token, password: 'other-password-1' });
    expect(again.status).toBe(400);
    const login = await new ApiClient(server.baseUrl).post('/api/auth/login', { email, password });
    expect(login.status, login.text).toBe(200);
  };

  it('prints a working link while the server runs and when it does not', { timeout: 300_000 }, async () => {
    const server = await start();
    const user = await signedInUser(server, { label: 'cli' });

    const running = await runCli('reset-password', [user.email.toUpperCase()], env);
    expect(running.code, running.stderr).toBe(0);
    expect(running.stdout).toContain(`Reset link for ${user.email} (works once, until `);
    if (TEST_ENGINE === 'pglite') expect(running.stdout).toContain('(Issued by the running server.)');
    await resetWith(server, running.stdout, user.email, 'set-by-the-operator-1');
    // The device signed in before the reset is signed out.
    expect((await user.api.get(`/api/user/${user.id}`)).status).toBe(401);

    const unknown = await runCli('reset-password', ['nobody-here@example.com'], env);
    expect([unknown.code, unknown.stderr]).toEqual([
      3,
      expect.stringContaining('No account has the address nobody-here@example.com.'),
    ]);
    const malformed = await runCli('reset-password', ['not-an-address'], env);
    expect([malformed.code, malformed.stderr]).toEqual([
      2,
      expect.stringContaining('is not an email address'),
    ]);
    const none = await runCli('reset-password', [], env);
    expect([none.code, none.stderr]).toEqual([2, expect.stringContaining('Give exactly one email address')]);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const stopped = await runCli('reset-password', [user.email], env);
    expect(stopped.code, stopped.stderr).toBe(0);
    expect(stopped.stdout).not.toContain('running server');
    const unknownStopped = await runCli('reset-password', ['nobody-here@example.com'], env);
    expect(unknownStopped.code).toBe(3);

    // The server starts on the directory the command used and takes the link it wrote.
    await resetWith(await start(), stopped.stdout, user.email, 'set-while-stopped-2');
  });
});
