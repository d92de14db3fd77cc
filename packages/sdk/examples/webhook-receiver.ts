/**
 * A receiver for Medicine Reminder's webhook channel (Settings → Notifications → Webhook): it checks
 * each POST's signature and age before trusting it, and prints the reminder.
 *
 *   MEDREM_WEBHOOK_SECRET=whsec_… PORT=8787 npx tsx packages/sdk/examples/webhook-receiver.ts
 *
 * The server signs every webhook (decision 235): `X-MedRem-Timestamp` is Unix seconds and
 * `X-MedRem-Signature` is `sha256=` + the hex HMAC-SHA256, under the secret shown once when the
 * channel was added, of `<timestamp>.<raw body>`. Check the RAW body (re-serialised JSON would differ),
 * compare in constant time, and refuse old timestamps: the timestamp is inside what is signed, so a
 * captured request replayed later is refused. The body carries `actions[].token` and `actionUrl`:
 * POST `{ "token": … }` there to take or snooze the dose without signing in.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** How old (or how far ahead, for clocks that drift) a webhook may be: five minutes, as Stripe's. */
export const TOLERANCE_SECONDS = 300;
/** A reminder is a few hundred bytes; anything much larger is not one of ours. */
const MAX_BODY_BYTES = 64 * 1024;

export interface SignedRequest {
  timestamp: string | undefined;
  signature: string | undefined;
  body: string;
}

/** Why a webhook is refused, or null when its signature and age are good. */
export function webhookRefusal(secret: string, request: SignedRequest, nowSeconds: number): string | null {
  const { timestamp, signature, body } = request;
  if (!timestamp || !/^\d{1,12}$/.test(timestamp)) return 'missing or malformed X-MedRem-Timestamp';
  if (Math.abs(nowSeconds - Number(timestamp)) > TOLERANCE_SECONDS)
    return 'timestamp too old or too far ahead';
  if (!signature) return 'missing X-MedRem-Signature';
  const expected = Buffer.from(
    `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`,
  );
  const given = Buffer.from(signature);
  // timingSafeEqual needs equal lengths; a length says nothing about the secret.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'bad signature';
  return null;
}

function readBody(request: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    request.on('end', () => resolve(size > MAX_BODY_BYTES ? null : Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

const header = (request: IncomingMessage, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export function createReceiver(secret: string, onReminder: (message: Record<string, unknown>) => void) {
  return createServer((request: IncomingMessage, response: ServerResponse) => {
    const answer = (status: number, text: string) =>
      response.writeHead(status, { 'content-type': 'text/plain' }).end(text);
    if (request.method !== 'POST') return answer(405, 'POST only');
    readBody(request).then(
      (body) => {
        if (body === null) return answer(413, 'too large');
        const refusal = webhookRefusal(
          secret,
          {
            timestamp: header(request, 'x-medrem-timestamp'),
            signature: header(request, 'x-medrem-signature'),
            body,
          },
          Math.floor(Date.now() / 1000),
        );
        if (refusal) {
          console.log(JSON.stringify({ refused: refusal }));
          return answer(401, refusal);
        }
        onReminder(JSON.parse(body) as Record<string, unknown>);
        return answer(204, '');
      },
      () => answer(400, 'unreadable body'),
    );
  });
}

// Run directly (not imported): listen and print each verified reminder as one JSON line.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const secret = process.env.MEDREM_WEBHOOK_SECRET;
  if (!secret) {
    console.error('Set MEDREM_WEBHOOK_SECRET to the secret shown when the webhook channel was added.');
    process.exit(1);
  }
  const server = createReceiver(secret, (message) => {
    console.log(JSON.stringify({ received: { id: message.id, type: message.type, title: message.title } }));
  });
  server.listen(Number(process.env.PORT ?? 8787), process.env.HOST ?? '127.0.0.1', () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : process.env.PORT;
    console.log(JSON.stringify({ listening: `http://127.0.0.1:${port}/` }));
  });
}
