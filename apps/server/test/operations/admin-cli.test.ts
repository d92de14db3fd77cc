import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client';
import { signedInUser, uniqueEmail } from '../support/scenario';
import { TEST_ENGINE, createEmptyServerDatabase } from '../support/test-database';
import { type ServerProcess, spawnServer } from '../faults/support/server-process';
import { runCli } from './support/run-cli';

/**
 * `npm run admin` (decision 285) against a real server process on the embedded database: the
 * running server does each action over the control socket; with no server there is nobody to ask.
 * On PostgreSQL the command points to the admin screen and API instead.
 */
describe(`npm run admin (${TEST_ENGINE})`, () => {
  let dataDir: string;
  const env: Record<string, string> = {};
  let dropDatabase: (() => Promise<void>) | undefined;
  const processes: ServerProcess[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'medrem-admin-cli-'));
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

  const admin = (...args: string[]) => runCli('admin', args, env);

  it.skipIf(TEST_ENGINE !== 'postgres')('on PostgreSQL, points to the admin screen and API', async () => {
    const run = await admin('list');
    expect([run.code, run.stderr]).toEqual([3, expect.stringContaining('admin screen (/admin)')]);
  });

  it.skipIf(TEST_ENGINE !== 'pglite')(
    'lists, disables, enables, sets sign-ups, invites and deletes through the running server',
    { timeout: 300_000 },
    async () => {
      const server = await spawnServer(env);
      processes.push(server);
      expect(await server.ready(90_000), server.output()).toBe(true);
      const user = await signedInUser(server, { label: 'cli-admin' });
      const login = () =>
        new ApiClient(server.baseUrl).post('/api/auth/login', { email: user.email, password: user.password });

      const listed = await admin('list', '--query', user.email.slice(0, 12));
      expect(listed.code, listed.stderr).toBe(0);
      expect(listed.stdout).toContain(user.email);
      expect(listed.stdout).toMatch(/1 of 1 accounts \(page 1\)\./);

      const disabled = await admin('disable', user.email.toUpperCase());
      expect(disabled.code, disabled.stderr).toBe(0);
      expect((await user.api.get(`/api/user/${user.id}`)).status).toBe(401);
      expect((await login()).status).toBe(403);
      expect((await admin('list', '--query', user.email)).stdout).toContain('DISABLED');

      expect((await admin('enable', user.email)).code).toBe(0);
      expect((await login()).status).toBe(200);

      const closed = await admin('signups', 'closed');
      expect([closed.code, closed.stdout.trim()]).toEqual([
        0,
        'Sign-ups: closed (chosen by an administrator).',
      ]);
      expect((await new ApiClient(server.baseUrl).get('/api/signups')).body).toEqual({ policy: 'closed' });
      expect((await admin('signups', 'sometimes')).code).toBe(2);
      expect((await admin('invite', uniqueEmail('cli-invited'))).code).toBe(0);

      const unconfirmed = await admin('delete', user.email);
      expect([unconfirmed.code, unconfirmed.stderr]).toEqual([2, expect.stringContaining('--confirm')]);
      const mistyped = await admin('delete', user.email, '--confirm', 'someone-else@example.com');
      expect([mistyped.code, mistyped.stderr]).toEqual([3, expect.stringContaining('not this account')]);
      expect((await login()).status).toBe(200);
      const deleted = await admin('delete', user.email, '--confirm', user.email);
      expect(deleted.code, deleted.stderr).toBe(0);
      expect((await login()).status).toBe(401);

      const unknown = await admin('disable', 'nobody-here@example.com');
      expect([unknown.code, unknown.stderr]).toEqual([
        3,
        expect.stringContaining('No account has the address'),
      ]);
      expect((await admin('frobnicate')).code).toBe(2);

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      const stopped = await admin('list');
      expect([stopped.code, stopped.stderr]).toEqual([3, expect.stringContaining('No server is running')]);
    },
  );
});
