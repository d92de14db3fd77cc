import { parentPort, workerData } from 'node:worker_threads';
import { PushEndpointPolicy } from './endpoint-allowlist';
import type { PushResult } from './push-sender';
import {
  idleCheckEveryMs,
  type SendAnswers,
  SEND_THREAD_IDLE_MS,
  type SendThreadData,
  type SendThreadIdle,
  type ToSendThread,
} from './push-send-wire';
import { type Destination, type PushOptions, WebPushSender } from './web-push.sender';

/**
 * The thread Web Push requests are made on (decision 019): ThreadedPushSender posts it the bodies it
 * encrypts ahead as it makes them (decision 153), and batches of sends, which name those bodies or
 * carry a payload; it answers in batches, one message per turn of its event loop.
 */
const data = workerData as SendThreadData;
const port = parentPort!;
const sender = new WebPushSender(data.keys, PushEndpointPolicy.fromEnv(data.allowlist), {
  maxSockets: data.maxSockets,
});

/** Bodies given ahead, by ref, with when they came (Date.now()). */
const held = new Map<number, { destination: Destination; body: Buffer; at: number }>();
/** Past the time its caller may still ask for it (`keptMs`). */
const expired = (body: { at: number }, now = Date.now()) => body.at < now - data.keptMs;
const dropExpired = () => {
  const now = Date.now();
  for (const [ref, body] of held) if (expired(body, now)) held.delete(ref);
};
// Bodies nobody sent (a dose ticked in the lead time, a re-prepared payload) go once their caller
// can no longer ask for them; asked for later, they are answered `unknown`.
setInterval(dropExpired, Math.max(1_000, data.keptMs / 4)).unref();

let sent: number[] = [];
let failed: SendAnswers['failed'] = [];
let unknown: SendAnswers['unknown'] = [];
let flushing = false;

/** Messages given so far, requests not yet answered, and when either last changed. */
let received = 0;
let inFlight = 0;
let lastActivityAt = Date.now();
/** The `received` count last reported idle: reported once until the thread is given more. */
let reportedIdleAt = -1;
const idleMs = data.idleMs ?? SEND_THREAD_IDLE_MS;

/**
 * Idle: no body held, nothing in flight or unanswered, nothing given for `idleMs`. After a due
 * second of 100k the thread's heap held the burst's garbage, and an idle isolate does not collect:
 * its caller stops it on this report, and the system gets the memory back (decision 160). Holding
 * a body, it stays: stopping it would lose what was encrypted ahead.
 */
setInterval(() => {
  if (inFlight > 0 || flushing || received === reportedIdleAt) return;
  if (Date.now() - lastActivityAt < idleMs) return;
  dropExpired();
  if (held.size > 0) return;
  reportedIdleAt = received;
  port.postMessage({ idle: true, received } satisfies SendThreadIdle);
}, idleCheckEveryMs(idleMs)).unref();

/**
 * How long answers gather before they are posted back. Each message costs both threads a fixed
 * amount whatever it carries; answered once per turn of the event loop, a due second of 100k took
 * thousands of messages of a few answers each (0.3 s of this thread's time in postMessage alone).
 */
const ANSWER_EVERY_MS = 5;

function flushSoon(): void {
  if (flushing) return;
  flushing = true;
  setTimeout(() => {
    flushing = false;
    // Accepted requests as one typed array, moved rather than copied: at a due second they are
    // almost all of the answers, and an object per answer cost both threads a structured clone.
    const answer: SendAnswers = { sent: Float64Array.from(sent), failed, unknown };
    sent = [];
    failed = [];
    unknown = [];
    port.postMessage(answer, [answer.sent.buffer as ArrayBuffer]);
  }, ANSWER_EVERY_MS);
}

function answer(id: number, result: PushResult): void {
  inFlight--;
  lastActivityAt = Date.now();
  if (result.ok) sent.push(id);
  else failed.push({ id, result });
  flushSoon();
}

const failure = (error: unknown): PushResult => ({ ok: false, gone: false, error: String(error) });

function sendHeld(id: number, ref: number, options: PushOptions): void {
  const body = held.get(ref);
  // Past its time, as if the sweep had run: asked for this late, its caller sends the payload.
  if (!body || expired(body)) {
    held.delete(ref);
    unknown.push({ id, ref });
    flushSoon();
    return;
  }
  inFlight++;
  void sender
    .sendPrepared(body.destination, body.body, options)
    .catch(failure)
    .then((result) => {
      // Kept after a failure to retry: the caller may send the same prepared push again.
      if (result.ok || result.gone) held.delete(ref);
      answer(id, result);
    });
}

port.on('message', (message: ToSendThread | 'close') => {
  if (message === 'close') {
    void sender.close().finally(() => port.close());
    return;
  }
  received++;
  const now = Date.now();
  lastActivityAt = now;
  for (const { ref, destination, body } of message.ahead) {
    // Moved here as a plain Uint8Array: viewed as a Buffer again, without a copy.
    held.set(ref, {
      destination,
      body: Buffer.from(body.buffer, body.byteOffset, body.byteLength),
      at: now,
    });
  }
  for (const request of message.sends) {
    if ('ref' in request) {
      sendHeld(request.id, request.ref, request.options);
      continue;
    }
    inFlight++;
    void sender
      .send(request.target, { payload: request.payload, ...request.options })
      .catch(failure)
      .then((result) => answer(request.id, result));
  }
});
