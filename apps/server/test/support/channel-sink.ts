import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST as the sink received it. */
export interface SinkRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  raw: string;
  body: any;
  receivedAt: number;
}

/**
 * An ntfy-compatible and webhook receiver on loopback for tests (issue 53): it takes JSON POSTs on
 * any path as an ntfy server's root takes a JSON publish (`{ topic, title, message, actions, … }`)
 * and as a webhook receiver does, answers 200 (or the statuses queued for a path), and checks a
 * webhook's signature the way a receiver's documentation tells it to. Plain http: the server under
 * test reaches it because the test lists the host in CHANNEL_PRIVATE_HOSTS, as an operator would.
 * Used by the server's tests and, through a relative import, by the browser suite.
 */
export class ChannelSink {
  readonly requests: SinkRequest[] = [];
  /** Statuses to answer instead of 200, in order, per path. */
  private readonly answers = new Map<string, number[]>();
  private server: http.Server | null = null;
  origin = '';

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const path = req.url ?? '/';
        let body: unknown = null;
        try {
          body = JSON.parse(raw);
        } catch {
          body = null;
        }
        const status = this.answers.get(path)?.shift() ?? 200;
        if (status === 200)
          this.requests.push({ path, headers: req.headers, raw, body, receivedAt: Date.now() });
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(status === 200 ? '{"id":"ok"}' : '{"error":"refused by the test"}');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  get host(): string {
    return new URL(this.origin).host;
  }

  answer(path: string, ...statuses: number[]): void {
    this.answers.set(path, [...(this.answers.get(path) ?? []), ...statuses]);
  }

  to(path: string): SinkRequest[] {
    return this.requests.filter((r) => r.path === path);
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/**
 * What a webhook receiver does with a request: recompute HMAC-SHA256 over "<timestamp>.<body>"
 * with the secret and compare it, in constant time, with X-MedRem-Signature.
 */
export function signatureHolds(request: SinkRequest, secret: string): boolean {
  const timestamp = String(request.headers['x-medrem-timestamp'] ?? '');
  const given = String(request.headers['x-medrem-signature'] ?? '');
  const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${request.raw}`).digest('hex')}`;
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}
