import { parentPort, workerData } from 'node:worker_threads';
import { fullCollection } from '../../lib/full-collection';
import { PushEndpointPolicy } from './endpoint-allowlist';
import type { PushResult } from './push-sender';
import {
  idleCheckEveryMs,
  type PayloadAhead,
  type SendAnswers,
  SEND_THREAD_IDLE_MS,
  type SendThreadData,
  type SendThreadIdle,
  type ToSendThread,
} from './push-send-wire';
import {
  type Destination,
  encryptToKeep,
  type PushOptions,
  unencryptable,
  WebPushSender,
} from './web-push.sender';

/**
 * The thread Web Push requests are made on (decision 019): ThreadedPushSender posts it payloads to
 * encrypt ahead for checked devices, which it encrypts and keeps (decisions 153, 161), and batches
 * of sends, which name those bodies or carry a payload; it answers in batches.
 */
const data = workerData as SendThreadData;
const port = parentPort!;
const sender = new WebPushSender(data.keys, PushEndpointPolicy.fromEnv(data.allowlist), {
  maxSockets: data.maxSockets,
});

/**
 * Bodies made ahead, by ref, with when their payload came (Date.now()); or why the device's keys
 * could not be encrypted for (a send naming it fails as one carrying its payload would).
 */
const held = new Map<number, { destination: Destination; body: Buffer | string; at: number }>();
/** Payloads given ahead and not encrypted yet, in the order they came (a Map keeps it). */
const toEncrypt = new Map<number, PayloadAhead & { at: number }>();
/** Past the time its caller may still ask for it (`keptMs`). */
const expired = (body: { at: number }, now = Date.now()) => body.at < now - data.keptMs;
const dropExpired = () => {
  const now = Date.now();
  for (const [ref, body] of held) if (expired(body, now)) held.delete(ref);
  for (const [ref, ahead] of toEncrypt) if (expired(ahead, now)) toEncrypt.delete(ref);
};
// Bodies nobody sent (a dose ticked in the lead time, a re-prepared payload) go once their caller
// can no longer ask for them; asked for later, they are answered `unknown`.
setInterval(dropExpired, Math.max(1_000, data.keptMs / 4)).unref();

/** Encrypts one payload given ahead and holds its body. */
function encryptAhead(ahead: PayloadAhead & { at: number }) {
  toEncrypt.delete(ahead.ref);
  held.set(ahead.ref, {
    destination: ahead.destination,
    body: encryptToKeep(ahead.keys, ahead.payload),
    at: ahead.at,
  });
}

/**
 * How long the thread encrypts ahead before it lets its event loop turn: sends and their answers
 * wait at most this long behind a backlog of payloads (100k of them take 24–120 s of this thread).
 */
const ENCRYPT_SLICE_MS = 10;
let encrypting = false;

/**
 * Each encryption leaves OpenSSL's memory (its ECDH key, ≈ 1 KiB) behind a small object, and this
 * thread allocates too little else for V8 to collect it: 100k encryptions left 110–250 MiB more
 * resident than the same encryptions on the engine's thread, whose other work collects them
 * (decision 161). So, once a backlog is done, after this many, the thread collects its heap.
 */
const COLLECT_AFTER_ENCRYPTIONS = 2_000;
let encryptedSinceCollection = 0;
const collectGarbage = fullCollection();

function encryptSoon(): void {
  if (encrypting) return;
  encrypting = true;
  setImmediate(function slice() {
    const until = performance.now() + ENCRYPT_SLICE_MS;
    for (const ahead of toEncrypt.values()) {
      encryptAhead(ahead);
      encryptedSinceCollection++;
      if (performance.now() >= until) break;
    }
    if (toEncrypt.size > 0) return setImmediate(slice);
    encrypting = false;
    if (encryptedSinceCollection < COLLECT_AFTER_ENCRYPTIONS) return;
    encryptedSinceCollection = 0;
    collectGarbage?.();
  });
}

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
  if (held.size > 0 || toEncrypt.size > 0) return;
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
  // Its instant came before its turn in the backlog: encrypted now, ahead of the rest.
  const waiting = toEncrypt.get(ref);
  if (waiting && !expired(waiting)) encryptAhead(waiting);
  const body = held.get(ref);
  // Past its time, as if the sweep had run: asked for this late, its caller sends the payload.
  if (!body || expired(body)) {
    held.delete(ref);
    toEncrypt.delete(ref);
    unknown.push({ id, ref });
    flushSoon();
    return;
  }
  inFlight++;
  if (typeof body.body === 'string') {
    held.delete(ref);
    answer(id, unencryptable(body.body));
    return;
  }
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
  for (const ahead of message.ahead) toEncrypt.set(ahead.ref, { ...ahead, at: now });
  if (toEncrypt.size > 0) encryptSoon();
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
