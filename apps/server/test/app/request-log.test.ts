import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OneLinePerRequest } from '../../src/lib/request-log';

/**
 * The access log's controller on a bare Fastify instance: one line per request, none for a probe's
 * routine answer (decision 013), but a probe that fails or is refused is still on record.
 */
describe('one access line per request, none for a probe that answers ok', () => {
  const lines: Record<string, unknown>[] = [];
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
      logController: new OneLinePerRequest(),
    });
    const probe = { config: { probe: true } };
    app.get('/probe-ok', probe, () => ({ status: 'ok' }));
    app.get('/probe-down', probe, (_request, reply) => reply.status(503).send({ status: 'down' }));
    app.get('/probe-broken', probe, () => {
      throw new Error('probe broke');
    });
    app.get('/plain', () => ({ ok: true }));
    await app.ready();
  });
  afterAll(() => app.close());

  const urlsLogged = () =>
    lines
      .filter((line) => line.msg === 'request completed' || line.msg === 'request errored')
      .map(
        (line) => `${(line.req as { url: string }).url} ${(line.res as { statusCode: number }).statusCode}`,
      );

  it('logs ordinary answers and failed probes, and leaves routine probes out', async () => {
    for (const url of ['/probe-ok', '/plain', '/probe-down', '/probe-broken', '/probe-ok']) {
      await app.inject({ method: 'GET', url });
    }
    expect(urlsLogged()).toEqual(['/plain 200', '/probe-down 503', '/probe-broken 500']);
    expect(lines.filter((line) => line.msg === 'incoming request')).toEqual([]);
  });
});
