import { type Dispatcher, Pool } from 'undici';
import webpush from 'web-push';
import type { PushEndpointPolicy } from './endpoint-allowlist';
import type { PreparedPush, PushMessage, PushResult, PushSender, PushTarget } from './push-sender';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: contact the push services may use. */
  subject: string;
}

/** A subscription's keys (RFC 8291): the browser's P-256 public key and its auth secret. */
export interface DeviceKeys {
  p256dh: string;
  auth: string;
}

interface Subscription {
  endpoint: string;
  keys: DeviceKeys;
}

/** A device its pushes may go to: where, and the keys its payloads are encrypted for. */
export interface CheckedDevice {
  destination: Destination;
  keys: DeviceKeys;
}

const VAPID_LIFETIME_S = 12 * 3600;
const REQUEST_TIMEOUT_MS = 15_000;

/** Where a checked subscription's pushes go. */
export interface Destination {
  origin: string;
  path: string;
}

/** A body encrypted ahead, with the destination its subscription was checked for. */
export interface PreparedWebPush extends PreparedPush {
  body: Buffer;
  destination: Destination;
}

/** What a request carries besides its body: the Web Push headers' values. */
export type PushOptions = Pick<PushMessage, 'topic' | 'ttlSeconds' | 'urgency'>;

/**
 * Standard Web Push: the payload encrypted for the subscription (RFC 8291, aes128gcm) and a VAPID
 * JWT (RFC 8292) per push service origin, reused until shortly before it expires. Requests go over
 * undici keep-alive pools, one per origin.
 */
export class WebPushSender implements PushSender {
  private readonly vapid = new Map<string, { header: string; renewAt: number }>();
  private readonly pools = new Map<string, Pool>();
  private readonly maxSockets: number;

  constructor(
    private readonly keys: VapidKeys,
    private readonly policy: PushEndpointPolicy,
    options: { maxSockets?: number } = {},
  ) {
    this.maxSockets = options.maxSockets ?? 64;
  }

  private authorization(origin: string): string {
    const nowS = Math.floor(Date.now() / 1000);
    const cached = this.vapid.get(origin);
    if (cached && cached.renewAt > nowS) return cached.header;
    const { Authorization } = webpush.getVapidHeaders(
      origin,
      this.keys.subject,
      this.keys.publicKey,
      this.keys.privateKey,
      'aes128gcm',
      nowS + VAPID_LIFETIME_S,
    );
    this.vapid.set(origin, { header: Authorization, renewAt: nowS + VAPID_LIFETIME_S - 3600 });
    return Authorization;
  }

  /** The subscription, checked against the allowlist; a reason when it cannot be sent to. */
  private subscriptionOf(target: PushTarget): Subscription | string {
    let subscription: Subscription;
    try {
      subscription = JSON.parse(target.token) as Subscription;
    } catch {
      return 'stored subscription is not JSON';
    }
    if (!this.policy.allows(subscription.endpoint)) {
      return `endpoint not on the push allowlist: ${new URL(subscription.endpoint).host}`;
    }
    return subscription;
  }

  /**
   * Where this device's pushes go and the keys to encrypt them for, once its token is read and its
   * endpoint checked against the allowlist; or why it cannot be sent to.
   */
  check(target: PushTarget): CheckedDevice | string {
    const subscription = this.subscriptionOf(target);
    if (typeof subscription === 'string') return subscription;
    return { destination: destinationOf(subscription), keys: subscription.keys };
  }

  /**
   * The encryption, done ahead (decision 048): it is most of a push's CPU (the ECDH agreement), and
   * a dose's payload is known minutes before its time. The VAPID header is cached per origin anyway.
   */
  prepare(target: PushTarget, payload: string): PreparedWebPush | null {
    const device = this.check(target);
    if (typeof device === 'string') return null;
    const body = encryptToKeep(device.keys, payload);
    if (typeof body === 'string') return null;
    const prepared: PreparedWebPush = {
      forToken: target.token,
      bytes: body.length,
      body,
      destination: device.destination,
    };
    return prepared;
  }

  async send(target: PushTarget, message: PushMessage): Promise<PushResult> {
    const prepared = message.prepared?.forToken === target.token ? message.prepared : undefined;
    if (prepared && isPreparedHere(prepared)) {
      return this.sendPrepared(prepared.destination, prepared.body, message);
    }
    // Not prepared for this token: the subscription is read, checked and encrypted for now.
    const device = this.check(target);
    if (typeof device === 'string') return { ok: false, gone: true, error: device };
    const body = encryptFor(device.keys, message.payload);
    if (typeof body === 'string') return unencryptable(body);
    return this.sendPrepared(device.destination, body, message);
  }

  /**
   * The request alone, for a body encrypted for a destination that was checked when it was made
   * (`prepare`): what a send thread holding bodies prepared ahead does with them (decision 153).
   */
  async sendPrepared(destination: Destination, body: Buffer, message: PushOptions): Promise<PushResult> {
    const headers = this.requestHeaders(destination.origin, body.length, message);
    try {
      const { status, text } = await post(this.poolFor(destination.origin), destination.path, headers, body);
      if (status >= 200 && status < 300) return { ok: true };
      return {
        ok: false,
        gone: status === 404 || status === 410,
        error: `push service answered ${status} ${text}`.trim(),
      };
    } catch (error) {
      return { ok: false, gone: false, error: (error as Error).message };
    }
  }

  /**
   * A Web Push request's headers for a body of `bytes` to `origin` (RFC 8030's TTL, Urgency and
   * Topic; RFC 8188's encoding; RFC 8292's VAPID header, cached per origin).
   */
  requestHeaders(origin: string, bytes: number, message: PushOptions): Record<string, string> {
    return {
      TTL: String(message.ttlSeconds),
      Urgency: message.urgency,
      Topic: message.topic,
      'Content-Type': 'application/octet-stream',
      'Content-Encoding': 'aes128gcm',
      'Content-Length': String(bytes),
      Authorization: this.authorization(origin),
    };
  }

  /** One keep-alive connection pool per push service origin. */
  private poolFor(origin: string): Pool {
    let pool = this.pools.get(origin);
    if (!pool) {
      pool = new Pool(origin, { connections: this.maxSockets, keepAliveTimeout: 30_000 });
      this.pools.set(origin, pool);
    }
    return pool;
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.pools.values()].map((p) => p.close()));
    this.pools.clear();
  }
}

/**
 * RFC 8291 aes128gcm for a device's keys (a fresh ECDH key and salt per call); or why it cannot be
 * encrypted for.
 */
export function encryptFor(keys: DeviceKeys, payload: string): Buffer | string {
  try {
    return webpush.encrypt(keys.p256dh, keys.auth, payload, 'aes128gcm').cipherText;
  } catch (error) {
    return `cannot encrypt for this subscription: ${(error as Error).message}`;
  }
}

/**
 * `encryptFor`, for a body held until its instant: in its own exact-size memory, as a small Buffer
 * is a slice of a shared 8 KiB pool, and a body held for minutes would keep its whole pool alive
 * (measured: several KiB per prepared push).
 */
export function encryptToKeep(keys: DeviceKeys, payload: string): Buffer | string {
  const body = encryptFor(keys, payload);
  if (typeof body === 'string') return body;
  const own = Buffer.allocUnsafeSlow(body.length);
  body.copy(own);
  return own;
}

/**
 * The size of `payload` encrypted by `encryptFor`: RFC 8188's header (a 16-byte salt, the 4-byte
 * record size, the key id's length and the 65-byte key) and one record (the payload, its padding
 * delimiter and the 16-byte tag). Known without encrypting, for a body encrypted elsewhere.
 */
export const encryptedBytes = (payload: string): number =>
  16 + 4 + 1 + 65 + Buffer.byteLength(payload, 'utf8') + 1 + 16;

/** A key nobody can encrypt for (stored before keys were checked): this device is lost, alone. */
export const unencryptable = (error: string): PushResult => ({ ok: false, gone: true, error });

/** A body prepared by a WebPushSender and still held with it (not moved to a thread). */
function isPreparedHere(prepared: PreparedPush): prepared is PreparedWebPush {
  const own = prepared as Partial<PreparedWebPush>;
  return own.body !== undefined && own.destination !== undefined;
}

/** Push service origins seen: the few distinct strings, shared by every prepared body. */
const origins = new Map<string, string>();

/**
 * A checked subscription's origin and path. A prepared body carries it: the subscription's token
 * (JSON) is parsed and checked against the allowlist once, when the body is made, not again per push.
 */
function destinationOf(subscription: Subscription): Destination {
  const url = new URL(subscription.endpoint);
  let origin = origins.get(url.origin);
  if (origin === undefined) {
    origin = url.origin;
    // Bounded: the allowlist admits a few services; an unbounded set of hosts would only mean
    // unshared strings, never a wrong destination.
    if (origins.size < 64) origins.set(origin, origin);
  }
  return { origin, path: `${url.pathname}${url.search}` };
}

/** What is kept of a push service's answer: its status, and the start of its text for the log. */
const ANSWER_KEPT_BYTES = 200;

/**
 * One POST through the pool's own dispatch: the status and the answer's first bytes, without the
 * response stream, header object and async scope `request()` makes for every call (the due second
 * sends 100k of these; without them the sender's CPU per push fell by 9–12 % in bench:push-ceiling).
 */
function post(
  pool: Pool,
  path: string,
  headers: Record<string, string>,
  body: Buffer,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    let status = 0;
    const kept: Buffer[] = [];
    let keptBytes = 0;
    const handler: Dispatcher.DispatchHandler = {
      // Its presence is what marks this handler as undici 7's (not the deprecated callbacks).
      onRequestStart() {},
      onResponseStart(_controller, statusCode) {
        status = statusCode;
      },
      onResponseData(_controller, chunk) {
        if (keptBytes >= ANSWER_KEPT_BYTES) return;
        kept.push(chunk);
        keptBytes += chunk.length;
      },
      onResponseEnd() {
        const text = keptBytes === 0 ? '' : Buffer.concat(kept).toString('utf8', 0, ANSWER_KEPT_BYTES);
        resolve({ status, text });
      },
      onResponseError(_controller, error) {
        reject(error);
      },
    };
    pool.dispatch(
      {
        method: 'POST',
        path,
        headers,
        body,
        headersTimeout: REQUEST_TIMEOUT_MS,
        bodyTimeout: REQUEST_TIMEOUT_MS,
      },
      handler,
    );
  });
}
