import { type IncomingHttpHeaders, type Server, createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushPayloadOf } from '@medrem/contract';
import { ChannelEndpointPolicy } from '../../src/features/push/channel-endpoints';
import { WebhookSender, newWebhookSecret } from '../../src/features/push/channels/webhook.sender';
import { ManualClock, systemClock } from '../../src/lib/clock';
import { type RunningExample, startExample } from '../support/run-example';

/**
 * The webhook receiver example (packages/sdk/examples/webhook-receiver.ts), run as a reader runs it,
 * fed webhooks made by the server's own WebhookSender: a genuine one is accepted; the same one with
 * its body changed, its signature changed, signed with another secret or too old is refused.
 */
interface Captured {
  headers: IncomingHttpHeaders;
  body: string;
}

const payload = pushPayloadOf({
  id: '0b9a2c3e-1f4d-4b6a-8c7e-5d2f1a3b4c5d',
  type: 'reminder',
  title: 'Time for Aspirin',
  body: '1 pill, after food',
  tag: 'dose',
  createdAt: '2026-11-21T08:00:00.000Z',
  actions: [],
  navigate: '/',
});
const message = { payload: JSON.stringify(payload), topic: 'dose', ttlSeconds: 60, urgency: 'high' as const };

function listen(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

function post(port: number, headers: Record<string, string>, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('the webhook receiver example', () => {
  const secret = newWebhookSecret();
  let receiver: RunningExample;
  let receiverPort: number;
  // Between the sender and the receiver: keeps what the sender sent (to replay it altered), passes it on.
  const captured: Captured[] = [];
  const tap = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      captured.push({ headers: req.headers, body });
      void post(receiverPort, signedHeaders(req.headers), body).then((status) => res.writeHead(status).end());
    });
  });
  let tapPort: number;

  const signedHeaders = (headers: IncomingHttpHeaders) => ({
    'content-type': 'application/json',
    'x-medrem-timestamp': String(headers['x-medrem-timestamp']),
    'x-medrem-signature': String(headers['x-medrem-signature']),
  });
  const send = (clock = systemClock, key = secret) =>
    new WebhookSender({
      policy: new ChannelEndpointPolicy([`127.0.0.1:${tapPort}`]),
      publicUrl: 'https://meds.example.org',
      clock,
    }).send(
      { kind: 'webhook', endpoint: 'webhook', token: `http://127.0.0.1:${tapPort}/hook`, secret: key },
      message,
    );

  beforeAll(async () => {
    receiver = startExample('webhook-receiver.ts', { MEDREM_WEBHOOK_SECRET: secret, PORT: '0' });
    const listening = (await receiver.waitFor(
      (line) => typeof line === 'object' && line !== null && 'listening' in line,
    )) as {
      listening: string;
    };
    receiverPort = Number(new URL(listening.listening).port);
    tapPort = await listen(tap);
  }, 60_000);
  afterAll(() => {
    receiver?.stop();
    tap.close();
  });

  it('accepts a webhook the server signed, and prints the reminder', async () => {
    expect(await send()).toEqual({ ok: true });
    const line = await receiver.waitFor((l) => typeof l === 'object' && l !== null && 'received' in l);
    expect(line).toEqual({ received: { id: payload.id, type: 'reminder', title: 'Time for Aspirin' } });
  });

  it('refuses the same webhook with its body changed or its signature changed', async () => {
    const genuine = captured.at(-1)!;
    const headers = signedHeaders(genuine.headers);
    expect(await post(receiverPort, headers, genuine.body)).toBe(204);
    expect(await post(receiverPort, headers, genuine.body.replace('Aspirin', 'Aspirine'))).toBe(401);
    const signature = headers['x-medrem-signature'];
    const flipped = signature.slice(0, -1) + (signature.endsWith('0') ? '1' : '0');
    expect(await post(receiverPort, { ...headers, 'x-medrem-signature': flipped }, genuine.body)).toBe(401);
    expect(await post(receiverPort, { 'content-type': 'application/json' }, genuine.body)).toBe(401);
  });

  it('refuses a webhook signed with another secret, or sent ten minutes ago (a replay)', async () => {
    const refusedBefore = receiver.lines.filter(
      (l) => typeof l === 'object' && l !== null && 'refused' in l,
    ).length;
    expect(await send(systemClock, newWebhookSecret())).toMatchObject({ ok: false, permanent: true });
    const tenMinutesAgo = new ManualClock(new Date(Date.now() - 10 * 60_000));
    expect(await send(tenMinutesAgo)).toMatchObject({ ok: false, permanent: true });
    await receiver.waitFor(
      () =>
        receiver.lines.filter((l) => typeof l === 'object' && l !== null && 'refused' in l).length >=
        refusedBefore + 2,
    );
    const refusals = receiver.lines
      .filter((l) => typeof l === 'object' && l !== null && 'refused' in l)
      .slice(-2);
    expect(refusals).toEqual([
      { refused: 'bad signature' },
      { refused: 'timestamp too old or too far ahead' },
    ]);
  });
});
