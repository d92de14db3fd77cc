import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Worker } from 'node:worker_threads';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PushEndpointPolicy } from '../../../src/features/push/endpoint-allowlist';
import type { PushSender } from '../../../src/features/push/push-sender';
import {
  sendThreadYoungGenerationMb,
  ThreadedPushSender,
} from '../../../src/features/push/threaded-push.sender';
import { WebPushSender } from '../../../src/features/push/web-push.sender';

type ClosableSender = Required<Pick<PushSender, 'send' | 'prepare'>> & { close(): Promise<void> };

/** The sender on the engine's thread, and the one handing its requests to a thread (decision 019). */
const senders: [string, (allowed: string) => ClosableSender][] = [
  [
    "on the engine's thread",
    (allowed) =>
      new WebPushSender(
        { ...webpush.generateVAPIDKeys(), subject: 'mailto:test@example.invalid' },
        new PushEndpointPolicy([allowed]),
      ),
  ],
  [
    'on a thread of its own',
    (allowed) =>
      new ThreadedPushSender(
        {
          keys: { ...webpush.generateVAPIDKeys(), subject: 'mailto:test@example.invalid' },
          allowlist: allowed,
          maxSockets: 64,
          keptMs: 60_000,
        },
        new PushEndpointPolicy([allowed]),
      ),
  ],
];

/**
 * The sender's reading of a push service's answer (it posts through the pool's dispatch, not
 * `request()`): the status decides sent / gone / retry, and the answer's first 200 characters go
 * into the error that is logged and stored with the push.
 */
describe.each(senders)('Web Push sender %s: what a push service answers', (_name, makeSender) => {
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
  let sender: ClosableSender;

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
    sender = makeSender(`127.0.0.1:${port}`);
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
    expect(received.find((r) => r.headers.topic === 'prepared')!.bytes).toBe(prepared.bytes);
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
    const unreachable = makeSender(`127.0.0.1:${closedPort}`);
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

  it('an endpoint off the allowlist is neither prepared for nor sent to', async () => {
    const elsewhere = target('/ok', port + 1);
    expect(sender.prepare(elsewhere, message.payload)).toBeNull();
    const before = received.length;
    expect(await sender.send(elsewhere, message)).toEqual({
      ok: false,
      gone: true,
      error: `endpoint not on the push allowlist: 127.0.0.1:${port + 1}`,
    });
    expect(received.length).toBe(before);
  });
});

describe('Web Push sender on a thread of its own: starting', () => {
  it('starts its thread with the first body prepared ahead, not with the first send (decision 151)', async () => {
    const sender = new ThreadedPushSender(
      {
        keys: { ...webpush.generateVAPIDKeys(), subject: 'mailto:test@example.invalid' },
        allowlist: 'push.example.test',
        maxSockets: 4,
        keptMs: 60_000,
      },
      new PushEndpointPolicy(['push.example.test']),
    );
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const token = JSON.stringify({
      endpoint: 'https://push.example.test/ahead',
      keys: {
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
      },
    });
    expect(sender.threadStarted).toBe(false);

    // Off the allowlist: no body, and no thread for it.
    const elsewhere = token.replace('push.example.test', 'elsewhere.example.test');
    expect(sender.prepare({ kind: 'webpush', endpoint: '', token: elsewhere }, '{}')).toBeNull();
    expect(sender.threadStarted).toBe(false);

    expect(sender.prepare({ kind: 'webpush', endpoint: '', token }, '{}')).not.toBeNull();
    expect(sender.threadStarted).toBe(true);
    // This process runs without --max-semi-space-size: the thread gets V8's own young generation,
    // not the burst-sized 128 MiB (decisions 152, 336).
    expect(sender.threadResourceLimits?.maxYoungGenerationSizeMb).toBeLessThan(128);

    await sender.close();
    expect(sender.threadStarted).toBe(false);
  });
  it("sizes the thread's young generation for bursts only in a process started so (decision 336)", () => {
    // The scaled worker (docker-compose.yml) and a process given the flag through NODE_OPTIONS.
    expect(sendThreadYoungGenerationMb(['--max-semi-space-size=64'], '')).toBe(128);
    expect(sendThreadYoungGenerationMb([], '--max-semi-space-size=64 --enable-source-maps')).toBe(128);
    // `npm start` and the image (decision 360): the main thread's semi-spaces small, the send
    // thread's young generation still sized for bursts (V8 grows it only under a burst's load).
    expect(sendThreadYoungGenerationMb(['--max-semi-space-size=8'], '')).toBe(128);
    // A process started without the flag: V8's default.
    expect(sendThreadYoungGenerationMb(['--enable-source-maps'], '')).toBeUndefined();
    expect(sendThreadYoungGenerationMb([], '--max-old-space-size=512')).toBeUndefined();
  });
});

describe('Web Push sender on a thread of its own: stopping', () => {
  it('answers a push still in flight when it closes as not sent (to be retried), and sends no more', async () => {
    let held: http.ServerResponse | undefined;
    const server = http.createServer((request, response) => {
      request.resume();
      held = response;
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const sender = senders[1]![1](`127.0.0.1:${port}`);
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const token = JSON.stringify({
      endpoint: `http://127.0.0.1:${port}/held`,
      keys: {
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
      },
    });
    const device = { kind: 'webpush', endpoint: '', token };
    const message = { payload: '{}', topic: 't', ttlSeconds: 60, urgency: 'high' as const };

    const inFlight = sender.send(device, message);
    // The first push starts the thread, which loads its TypeScript through tsx: seconds, not the
    // default one, on a loaded two-core machine (a CI run failed here at one second).
    await vi.waitFor(() => expect(held).toBeDefined(), { timeout: 20_000, interval: 20 });
    await sender.close();

    expect(await inFlight).toMatchObject({ ok: false, gone: false });
    expect(await sender.send(device, message)).toEqual({
      ok: false,
      gone: false,
      error: 'push sender closed',
    });
    held?.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
});

/**
 * Decision 153: a body made ahead moves to the send thread when it is made; at the instant the push
 * names it. A message whose payload is much longer than the one prepared tells which was sent: the
 * body made ahead (its size), or the payload encrypted at the send (a larger one).
 */
describe('Web Push sender on a thread of its own: bodies made ahead', () => {
  const received: { topic: string; bytes: number }[] = [];
  let server: http.Server;
  let port = 0;
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      let bytes = 0;
      request.on('data', (chunk: Buffer) => (bytes += chunk.length));
      request.on('end', () => {
        received.push({ topic: String(request.headers.topic), bytes });
        response.writeHead(201);
        response.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const threaded = (keptMs: number, idleMs?: number) =>
    new ThreadedPushSender(
      {
        keys: { ...webpush.generateVAPIDKeys(), subject: 'mailto:test@example.invalid' },
        allowlist: `127.0.0.1:${port}`,
        maxSockets: 4,
        keptMs,
        idleMs,
      },
      new PushEndpointPolicy([`127.0.0.1:${port}`]),
    );
  const device = () => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const keys = {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    };
    return {
      kind: 'webpush',
      endpoint: '',
      token: JSON.stringify({ endpoint: `http://127.0.0.1:${port}/d`, keys }),
    };
  };
  const short = '{"title":"Morning dose"}';
  const long = JSON.stringify({ title: 'x'.repeat(2000) });
  const message = (topic: string) => ({ payload: long, topic, ttlSeconds: 60, urgency: 'high' as const });
  const bytesOf = (topic: string) => received.find((r) => r.topic === topic)?.bytes;
  // The first send waits for the thread to load its TypeScript through tsx: seconds on a busy machine.
  const started = { timeout: 30_000 };
  /** A sender whose thread runs and has taken a body made ahead (the send after it was answered). */
  const holdingOne = async (keptMs: number, warmUp: string, idleMs?: number) => {
    const sender = threaded(keptMs, idleMs);
    const target = device();
    const prepared = sender.prepare(target, short)!;
    expect(await sender.send(target, message(warmUp))).toEqual({ ok: true });
    return { sender, target, prepared };
  };

  it(
    'encrypts ahead on its thread, keeps no body on this one, and sends the body made there',
    started,
    async () => {
      const sender = threaded(60_000);
      const target = device();
      // Decision 161: the caller's thread (the embedded API's) does not encrypt.
      const encrypt = vi.spyOn(webpush, 'encrypt');
      const prepared = sender.prepare(target, short)!;
      expect(encrypt).not.toHaveBeenCalled();
      encrypt.mockRestore();
      expect(Object.keys(prepared)).not.toContain('body');

      expect(await sender.send(target, { ...message('ahead'), prepared })).toEqual({ ok: true });
      expect(bytesOf('ahead')).toBe(prepared.bytes);
      await sender.send(target, message('encrypted at the send'));
      expect(bytesOf('encrypted at the send')).toBeGreaterThan(prepared.bytes + 1000);
      await sender.close();
    },
  );

  it(
    'answers a device whose keys cannot be encrypted for as gone, at the send of its body made ahead',
    started,
    async () => {
      const sender = threaded(60_000);
      // An uncompressed point's form, but not on the curve (a row stored before keys were checked).
      const offCurve = Buffer.alloc(65, 1);
      offCurve[0] = 4;
      const target = device();
      target.token = target.token.replace(/"p256dh":"[^"]*"/, `"p256dh":"${offCurve.toString('base64url')}"`);
      const prepared = sender.prepare(target, short);
      expect(prepared).not.toBeNull();

      const result = await sender.send(target, { ...message('off the curve'), prepared: prepared! });
      expect(result).toMatchObject({ ok: false, gone: true });
      expect((result as { error: string }).error).toMatch(/^cannot encrypt for this subscription/);
      expect(bytesOf('off the curve')).toBeUndefined();
      await sender.close();
    },
  );

  it(
    'retries a push whose body the thread dropped (kept past its time) with its payload',
    started,
    async () => {
      const { sender, target, prepared } = await holdingOne(50, 'warm-up');
      await new Promise((resolve) => setTimeout(resolve, 200));

      // Not sent, and not taken for a gone device: push delivery retries it like any failure.
      expect(await sender.send(target, { ...message('dropped'), prepared })).toMatchObject({
        ok: false,
        gone: false,
      });
      expect(bytesOf('dropped')).toBeUndefined();
      expect(await sender.send(target, { ...message('dropped'), prepared })).toEqual({ ok: true });
      expect(bytesOf('dropped')).toBe(bytesOf('warm-up'));
      await sender.close();
    },
  );

  it(
    'sends a push whose body went down with a lost thread, from the payload, on the next',
    started,
    async () => {
      const { sender, target, prepared } = await holdingOne(60_000, 'before the loss');
      const lost = (sender as unknown as { worker: Worker }).worker;
      await lost.terminate();
      await vi.waitFor(() => expect(sender.threadStarted).toBe(false));

      expect(await sender.send(target, { ...message('after the loss'), prepared })).toEqual({ ok: true });
      expect(bytesOf('after the loss')).toBe(bytesOf('before the loss'));
      await sender.close();
    },
  );

  // Decision 160: after a burst the thread's heap holds its garbage until the thread is stopped.
  it(
    'stops its thread once idle, holding no body, and sends the next push on a new one',
    started,
    async () => {
      const sender = threaded(60_000, 100);
      const target = device();
      expect(await sender.send(target, message('before idle'))).toEqual({ ok: true });
      const first = (sender as unknown as { worker: Worker }).worker;
      const exited = new Promise<number>((resolve) => first.once('exit', resolve));

      await vi.waitFor(() => expect(sender.threadStarted).toBe(false), { timeout: 10_000, interval: 20 });
      expect(await exited).toBe(0);
      expect(await sender.send(target, message('after idle'))).toEqual({ ok: true });
      expect(sender.threadStarted).toBe(true);
      expect((sender as unknown as { worker: Worker }).worker).not.toBe(first);
      await sender.close();
    },
  );

  it(
    'keeps a thread that holds a body made ahead, however long idle, and sends that body',
    started,
    async () => {
      const { sender, target } = await holdingOne(60_000, 'warm-up before holding', 100);
      const prepared = sender.prepare(target, short)!;
      // Many times the idle time: the body made ahead must still be there at its instant.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(sender.threadStarted).toBe(true);

      expect(await sender.send(target, { ...message('held while idle'), prepared })).toEqual({ ok: true });
      expect(bytesOf('held while idle')).toBe(prepared.bytes);
      await sender.close();
    },
  );

  it(
    'keeps its thread when the idle report meets a body or a send not yet posted to it',
    started,
    async () => {
      const sender = threaded(60_000);
      const target = device();
      expect(await sender.send(target, message('warm-up, then idle'))).toEqual({ ok: true });
      const internals = sender as unknown as {
        worker: Worker;
        posted: number;
        idle(worker: Worker, received: number): void;
      };
      const thread = internals.worker;

      // The thread had everything posted to it and reported idle; in the same turn a body was made
      // for it, still queued here. Stopped now, the body would go to a new thread its ref does not
      // name, and the push be encrypted again at its send.
      const prepared = sender.prepare(target, short)!;
      internals.idle(thread, internals.posted);
      expect(internals.worker).toBe(thread);
      expect(await sender.send(target, { ...message('made while idle'), prepared })).toEqual({ ok: true });
      expect(bytesOf('made while idle')).toBe(prepared.bytes);

      // The same with a send still queued.
      const sending = sender.send(target, message('sent while idle'));
      internals.idle(thread, internals.posted);
      expect(internals.worker).toBe(thread);
      expect(await sending).toEqual({ ok: true });
      await sender.close();
    },
  );
});
