/**
 * A Web Push sender over HTTP/2, for `bench:push-ceiling -- --transport http2` only: the same
 * bodies, made ahead by the engine's `WebPushSender`, and the same headers, sent as streams on a few
 * HTTP/2 sessions per origin (node:http2) instead of requests on undici's HTTP/1.1 keep-alive pool.
 *
 * The push services speak HTTP/2, and its one connection, multiplexed streams and compressed
 * repeated headers (HPACK: the VAPID header is the same for every push to an origin) could cut what
 * each push costs. This measures whether they do, in Node, before anyone builds it into the engine.
 */
import http2 from 'node:http2';
import type {
  PreparedWebPush,
  PushOptions,
  WebPushSender,
} from '../apps/server/src/features/push/web-push.sender';

export class Http2PushSender {
  private readonly sessions = new Map<string, http2.ClientHttp2Session[]>();
  private turn = 0;

  /** `headersFrom` makes each request's headers, the VAPID header included, as it does for HTTP/1.1. */
  constructor(
    private readonly headersFrom: Pick<WebPushSender, 'requestHeaders'>,
    private readonly sessionsPerOrigin: number,
  ) {}

  /** Opens the origin's sessions before the timed part, as a warm pool would have them. */
  async connect(origin: string): Promise<void> {
    const sessions = Array.from({ length: this.sessionsPerOrigin }, () => http2.connect(origin));
    await Promise.all(
      sessions.map(
        (session) =>
          new Promise<void>((resolve, reject) => {
            session.once('connect', () => resolve());
            session.once('error', reject);
          }),
      ),
    );
    this.sessions.set(origin, sessions);
  }

  /** The status the push service answered, or 0 when the stream failed. */
  send(prepared: PreparedWebPush, options: PushOptions): Promise<number> {
    const { origin, path } = prepared.destination;
    const sessions = this.sessions.get(origin);
    if (!sessions) return Promise.reject(new Error(`no HTTP/2 session to ${origin}: connect() first`));
    const session = sessions[this.turn++ % sessions.length]!;
    return new Promise((resolve) => {
      // node:http2 sends the names in lower case, as HTTP/2 requires.
      const stream = session.request({
        ':method': 'POST',
        ':path': path,
        ...this.headersFrom.requestHeaders(origin, prepared.body.length, options),
      });
      let status = 0;
      stream.on('response', (headers) => {
        status = Number(headers[':status']);
      });
      stream.resume();
      stream.on('end', () => resolve(status));
      stream.on('error', () => resolve(0));
      stream.end(prepared.body);
    });
  }

  close(): void {
    for (const sessions of this.sessions.values()) for (const session of sessions) session.close();
    this.sessions.clear();
  }
}
