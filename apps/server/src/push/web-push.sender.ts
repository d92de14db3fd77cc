import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import type { PushEndpointPolicy } from './allowlist';
import type { PushMessage, PushResult, PushSender, PushTarget } from './sender';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: contact the push services may use. */
  subject: string;
}

interface Subscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

const VAPID_LIFETIME_S = 12 * 3600;
const REQUEST_TIMEOUT_MS = 15_000;

/**
 * Standard Web Push: the payload encrypted for the subscription (RFC 8291, aes128gcm) and a VAPID
 * JWT (RFC 8292) per push service origin, reused until shortly before it expires. Requests go over
 * keep-alive agents, one pool per origin.
 */
export class WebPushSender implements PushSender {
  private readonly vapid = new Map<string, { header: string; renewAt: number }>();
  private readonly httpAgent: http.Agent;
  private readonly httpsAgent: https.Agent;

  constructor(
    private readonly keys: VapidKeys,
    private readonly policy: PushEndpointPolicy,
    options: { maxSockets?: number } = {},
  ) {
    const agentOptions = { keepAlive: true, maxSockets: options.maxSockets ?? 64 };
    this.httpAgent = new http.Agent(agentOptions);
    this.httpsAgent = new https.Agent(agentOptions);
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

  async send(target: PushTarget, message: PushMessage): Promise<PushResult> {
    let subscription: Subscription;
    try {
      subscription = JSON.parse(target.token) as Subscription;
    } catch {
      return { ok: false, gone: true, error: 'stored subscription is not JSON' };
    }
    if (!this.policy.allows(subscription.endpoint)) {
      return {
        ok: false,
        gone: true,
        error: `endpoint not on the push allowlist: ${new URL(subscription.endpoint).host}`,
      };
    }
    const url = new URL(subscription.endpoint);
    const encrypted = webpush.encrypt(
      subscription.keys.p256dh,
      subscription.keys.auth,
      message.payload,
      'aes128gcm',
    );
    const headers: Record<string, string | number> = {
      TTL: message.ttlSeconds,
      Urgency: message.urgency,
      Topic: message.topic,
      'Content-Type': 'application/octet-stream',
      'Content-Encoding': 'aes128gcm',
      'Content-Length': encrypted.cipherText.length,
      Authorization: this.authorization(url.origin),
    };
    return new Promise<PushResult>((resolve) => {
      const client = url.protocol === 'https:' ? https : http;
      const request = client.request(
        url,
        {
          method: 'POST',
          headers,
          agent: url.protocol === 'https:' ? this.httpsAgent : this.httpAgent,
          timeout: REQUEST_TIMEOUT_MS,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (c: Buffer) => chunks.push(c));
          response.on('end', () => {
            const status = response.statusCode ?? 0;
            if (status >= 200 && status < 300) resolve({ ok: true });
            else {
              const body = Buffer.concat(chunks).toString('utf8').slice(0, 200);
              resolve({
                ok: false,
                gone: status === 404 || status === 410,
                error: `push service answered ${status} ${body}`.trim(),
              });
            }
          });
          response.on('error', (error) => resolve({ ok: false, gone: false, error: error.message }));
        },
      );
      request.on('timeout', () => request.destroy(new Error('push service timed out')));
      request.on('error', (error) => resolve({ ok: false, gone: false, error: error.message }));
      request.end(encrypted.cipherText);
    });
  }

  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }
}
