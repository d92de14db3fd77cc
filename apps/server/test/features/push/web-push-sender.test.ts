import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PushEndpointPolicy } from '../../../src/features/push/endpoint-allowlist';
import { WebPushSender } from '../../../src/features/push/web-push.sender';

/**
 * The sender's reading of a push service's answer (it posts through the pool's dispatch, not
 * `request()`): the status decides sent / gone / retry, and the answer's first 200 characters go
 * into the error that is logged and stored with the push.
 */
describe('Web Push sender: what a push service answers', () => {
  const answers: Record<string, { status: number; body: string }> = {
    '/ok': { status: 201, body: '' },
    '/gone': { status: 410, body: 'push subscription has unsubscribed or expired' },
    '/missing': { status: 404, body: '' },
    '/busy': { status: 503, body: 'x'.repeat(5000) },
    '/slow-start': { status: 429, body: 'too many' },
  };
  const received: { path: string; headers: http.IncomingHttpHeaders; bytes: number }[] = [];
  let server: http.Server;
  let port = 0;
  let sender: WebPushSender;

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      let bytes = 0;
      request.on('data', (chunk: Buffer) => (bytes += chunk.length));
      request.on('end', () => {
        received.push({ path: request.url ?? '', headers: request.headers, bytes });
        const answer = answers[request.url ?? ''] ?? { status: 400, body: 'unknown' };
        response.writeHead(answer.status);
        response.end(answer.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    sender = new WebPushSender(
      { ...webpush.generateVAPIDKeys(), subject: 'mailto:test@example.invalid' },
      new PushEndpointPolicy([`127.0.0.1:${port}`]),
    );
  });
  afterAll(async () => {
    await sender.close();
    await new Promise((resolve) => server.close(resolve));
  });

  const target = (path: string, port_ = port) => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const keys = {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    };
    return {
      kind: 'webpush' as const,
      endpoint: '',
      token: JSON.stringify({ endpoint: `http://127.0.0.1:${port_}${path}`, keys }),
    };
  };
  const message = {
    payload: '{"title":"Time for your Morning dose"}',
    topic: 't1',
    ttlSeconds: 600,
    urgency: 'high' as const,
  };

  it('a 2xx is sent, with the encrypted body and the Web Push headers', async () => {
    expect(await sender.send(target('/ok'), message)).toEqual({ ok: true });
    const request = received.find((r) => r.path === '/ok')!;
    expect(request.headers).toMatchObject({
      ttl: '600',
      urgency: 'high',
      topic: 't1',
      'content-encoding': 'aes128gcm',
      'content-type': 'application/octet-stream',
    });
    expect(request.headers.authorization).toMatch(/^vapid t=.+, k=.+$/);
    // RFC 8291: a 86-byte header block, the ciphertext and its 16-byte tag, padded beyond the text.
    expect(request.bytes).toBeGreaterThan(86 + 16 + message.payload.length);
    expect(Number(request.headers['content-length'])).toBe(request.bytes);
  });

  it('a body prepared ahead is sent as it is, without encrypting again', async () => {
    const device = target('/ok');
    const prepared = sender.prepare(device, message.payload)!;
    expect(await sender.send(device, { ...message, topic: 'prepared', prepared })).toEqual({ ok: true });
    expect(received.find((r) => r.headers.topic === 'prepared')!.bytes).toBe(prepared.body.length);
  });

  it('404 and 410 mean the device is gone; the answer’s text is kept in the error', async () => {
    expect(await sender.send(target('/gone'), message)).toEqual({
      ok: false,
      gone: true,
      error: 'push service answered 410 push subscription has unsubscribed or expired',
    });
    expect(await sender.send(target('/missing'), message)).toEqual({
      ok: false,
      gone: true,
      error: 'push service answered 404',
    });
  });

  it('other answers are retried, with no more than 200 characters of a long answer kept', async () => {
    const busy = await sender.send(target('/busy'), message);
    expect(busy).toEqual({ ok: false, gone: false, error: `push service answered 503 ${'x'.repeat(200)}` });
    expect(await sender.send(target('/slow-start'), message)).toEqual({
      ok: false,
      gone: false,
      error: 'push service answered 429 too many',
    });
  });

  it('a push service that cannot be reached is retried, not taken for a gone device', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = new WebPushSender(
      { ...webpush.generateVAPIDKeys(), subject: 'mailto:test@example.invalid' },
      new PushEndpointPolicy([`127.0.0.1:${closedPort}`]),
    );
    const result = await unreachable.send(target('/ok', closedPort), message);
    await unreachable.close();
    expect(result).toMatchObject({ ok: false, gone: false });
    expect((result as { error: string }).error).toMatch(/ECONNREFUSED|connect/i);
  });

  it('the same connection serves many pushes in a row (keep-alive), each answered on its own', async () => {
    const before = received.length;
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => sender.send(target(i % 2 ? '/ok' : '/gone'), message)),
    );
    expect(received.length - before).toBe(50);
    expect(results.filter((r) => r.ok)).toHaveLength(25);
    expect(results.filter((r) => !r.ok && r.gone)).toHaveLength(25);
  });
});
