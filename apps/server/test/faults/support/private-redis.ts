import { type ChildProcess, spawn } from 'node:child_process';
import { probeRedis } from '../../features/reminders/reminder-harness';
import { waitFor } from '../../support/free-port';

/** A throw-away redis-server on a loopback port (no persistence); resolves once it answers PING. */
export async function startPrivateRedis(port: number): Promise<ChildProcess> {
  const redis = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const up = await waitFor(async () => Boolean(await probeRedis(`redis://127.0.0.1:${port}`, true)), 15_000);
  if (!up) {
    redis.kill('SIGKILL');
    throw new Error(`redis-server on port ${port} did not answer`);
  }
  return redis;
}
