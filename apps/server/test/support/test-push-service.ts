import { createECDH, createHmac, createDecipheriv, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { importJWK, jwtVerify } from 'jose';

/**
 * A push service for tests, on localhost: it accepts RFC 8030 push requests, checks the RFC 8292
 * VAPID JWT against the key in the Authorization header, and decrypts the RFC 8291 (aes128gcm)
 * payload with the subscription's private key, exactly as a browser's push service and browser would.
 */
export interface ReceivedPush {
  subscription: string;
  payload: any;
  topic: string | undefined;
  urgency: string | undefined;
  ttl: number;
  vapidKey: string;
  vapidClaims: { aud: string; exp: number; sub: string };
  receivedAt: number;
}

interface Device {
  id: string;
  privateKey: Buffer;
  publicKey: Buffer;
  auth: Buffer;
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 + RFC 8188 decryption of one aes128gcm record. */
export function decryptWebPush(
  body: Buffer,
  device: Pick<Device, 'privateKey' | 'publicKey' | 'auth'>,
): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (recordSize < 18 || ciphertext.length > recordSize) throw new Error('record size too small');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(device.privateKey);
  const secret = ecdh.computeSecret(senderPublic);
  const prkKey = hmac(device.auth, secret);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    device.publicKey,
    senderPublic,
    Buffer.from([1]),
  ]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('missing last-record padding delimiter');
  return padded.subarray(0, end);
}

async function verifyVapid(authorization: string | undefined, audience: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error('no VAPID authorization');
  const [, jwt, k] = match as unknown as [string, string, string];
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('VAPID key is not an uncompressed P-256 point');
  const key = await importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    'ES256',
  );
  const { payload } = await jwtVerify(jwt, key, { algorithms: ['ES256'], audience });
  const exp = Number(payload.exp);
  if (!exp || exp > Date.now() / 1000 + 86_400) throw new Error('VAPID exp more than 24 h ahead');
  if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub)) throw new Error('VAPID sub');
  return { key: k, claims: { aud: String(payload.aud), exp, sub: payload.sub } };
}

export class TestPushService {
  readonly received: ReceivedPush[] = [];
  readonly rejected: { subscription: string; reason: string }[] = [];
  private readonly devices = new Map<string, Device>();
  /** Status codes to answer for a subscription instead of 201 (e.g. 410 Gone). */
  readonly answers = new Map<string, number>();
  private server: http.Server | undefined;
  origin = '';

  async start(): Promise<void> {
    this.server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (c: Buffer) => chunks.push(c));
      request.on('end', () => {
        void this.handle(request, Buffer.concat(chunks)).then(
          (status) => {
            response.writeHead(
              status,
              status === 201 ? { location: `${this.origin}/message/${randomBytes(8).toString('hex')}` } : {},
            );
            response.end();
          },
          (error: unknown) => {
            response.writeHead(400);
            response.end(String(error));
          },
        );
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  get host(): string {
    return new URL(this.origin).host;
  }

  private async handle(request: http.IncomingMessage, body: Buffer): Promise<number> {
    const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1];
    const device = id ? this.devices.get(id) : undefined;
    if (request.method !== 'POST' || !id || !device) return 404;
    const reject = (reason: string) => {
      this.rejected.push({ subscription: id, reason });
      return 400;
    };
    const ttl = Number(request.headers.ttl);
    if (request.headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0)
      return reject('TTL header missing');
    if (request.headers['content-encoding'] !== 'aes128gcm') return reject('not aes128gcm');
    const topic = request.headers.topic as string | undefined;
    if (topic !== undefined && !/^[A-Za-z0-9_-]{1,32}$/.test(topic)) return reject('bad Topic');
    let vapid;
    try {
      vapid = await verifyVapid(request.headers.authorization, this.origin);
    } catch (error) {
      return reject(`VAPID: ${(error as Error).message}`);
    }
    const answer = this.answers.get(id);
    if (answer) return answer;
    let plaintext: Buffer;
    try {
      plaintext = decryptWebPush(body, device);
    } catch (error) {
      return reject(`decrypt: ${(error as Error).message}`);
    }
    this.received.push({
      subscription: id,
      payload: JSON.parse(plaintext.toString('utf8')),
      topic,
      urgency: request.headers.urgency as string | undefined,
      ttl,
      vapidKey: vapid.key,
      vapidClaims: vapid.claims,
      receivedAt: Date.now(),
    });
    return 201;
  }

  /** A new browser subscription (PushSubscription.toJSON()) served by this push service. */
  subscribe(): { id: string; json: string } {
    return this.keysFor(randomBytes(8).toString('hex'));
  }

  /**
   * The same endpoint with new keys, as when a browser renews its subscription: pushes encrypted
   * for the old keys no longer decrypt (they are rejected).
   */
  rekey(id: string): { id: string; json: string } {
    return this.keysFor(id);
  }

  private keysFor(id: string): { id: string; json: string } {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const device: Device = {
      id,
      privateKey: ecdh.getPrivateKey(),
      publicKey: ecdh.getPublicKey(),
      auth: randomBytes(16),
    };
    this.devices.set(id, device);
    return {
      id,
      json: JSON.stringify({
        endpoint: `${this.origin}/push/${id}`,
        expirationTime: null,
        keys: { p256dh: device.publicKey.toString('base64url'), auth: device.auth.toString('base64url') },
      }),
    };
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}
