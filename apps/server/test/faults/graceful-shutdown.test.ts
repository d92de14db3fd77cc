import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client';
import { uniqueEmail } from '../support/scenario';
import { TEST_ENGINE } from '../support/test-database';
import { waitFor } from '../support/free-port';
import { type ServerProcess, type ServerSandbox, serverSandbox } from './support/server-process';

/**
 * A request whose body is still arriving (a slow client) is in flight when SIGTERM comes: the
 * server stops accepting, finishes it, and exits 0; with the bound too short it exits 1.
 */
describe(`SIGTERM with a request in flight (${TEST_ENGINE})`, () => {
  let sandbox: ServerSandbox;
  beforeAll(async () => {
    // debug: the "incoming request" line shows a request arrived before it is answered.
    sandbox = await serverSandbox('shutdown', { LOG_LEVEL: 'debug', REMINDER_TICK_MS: '200' });
  });
  afterAll(() => sandbox?.dispose());
  const start = (extra: Record<string, string> = {}) => sandbox.start(extra);

  /** Sends the headers and half the body of a sign-up, once the server has logged it as incoming. */
  const halfSentSignUp = async (server: ServerProcess, email: string) => {
    const body = JSON.stringify({ name: 'Slow Client', email, password: 'correct-horse-1' });
    const url = new URL('/api/user/register', server.baseUrl);
    const request = httpRequest(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
      request.on('response', (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      });
      request.on('error', reject);
    });
    request.write(body.slice(0, 20));
    const incoming = await waitFor(
      () =>
        server.output().includes('"url":"/api/user/register"') &&
        server.output().includes('incoming request'),
      20_000,
    );
    expect(incoming, server.output()).toBe(true);
    return { finish: () => request.end(body.slice(20)), answered };
  };

  const refusesConnections = (server: ServerProcess) =>
    waitFor(
      () =>
        fetch(`${server.baseUrl}/api/health`).then(
          () => false,
          () => true,
        ),
      20_000,
    );

  it('stops accepting, finishes the request in flight, and exits 0', async () => {
    const server = await start({ SHUTDOWN_TIMEOUT_SECONDS: '30' });
    const email = uniqueEmail('slow');
    const slow = await halfSentSignUp(server, email);
    server.child.kill('SIGTERM');
    // The listener is closed while the slow request is still open …
    expect(await refusesConnections(server)).toBe(true);
    // … and the request, once its body has arrived, is served in full.
    slow.finish();
    const answer = await slow.answered;
    expect(answer.status, answer.text).toBe(201);
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shutting down');

    // The write it acknowledged is there after a restart.
    const next = await start();
    const login = await new ApiClient(next.baseUrl).post('/api/auth/login', {
      email,
      password: 'correct-horse-1',
    });
    expect(login.status).toBe(200);
    next.child.kill('SIGTERM');
    expect(await next.exited).toBe(0);
  }, 120_000);

  it('exits 1 when SHUTDOWN_TIMEOUT_SECONDS runs out first', async () => {
    const server = await start({ SHUTDOWN_TIMEOUT_SECONDS: '1' });
    const slow = await halfSentSignUp(server, uniqueEmail('stuck'));
    const cut = slow.answered.catch((error: unknown) => error);
    server.child.kill('SIGTERM');
    // The body never completes: the bound is hit.
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('shutdown timed out');
    expect(await cut).toBeInstanceOf(Error); // its connection went with the process
  }, 120_000);
});
