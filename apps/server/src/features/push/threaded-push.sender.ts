import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { type ResourceLimits, Worker } from 'node:worker_threads';
import type { PushEndpointPolicy } from './endpoint-allowlist';
import type { PreparedPush, PushMessage, PushResult, PushSender, PushTarget } from './push-sender';
import type {
  FromSendThread,
  PayloadAhead,
  SendAnswers,
  SendRequest,
  SendThreadData,
  ToSendThread,
} from './push-send-wire';
import { encryptedBytes, WebPushSender } from './web-push.sender';

/** How long a closing send thread may take to close its connections before it is stopped. */
const CLOSE_TIMEOUT_MS = 5_000;

/**
 * The thread's young generation, in MiB, in a process started for bursts (decision 152). At a due
 * second it holds thousands of requests at once, queued in undici's pool (decision 151): with V8's
 * default (48, a new space of 32 MiB) they outlived the scavenges and were promoted, and collecting
 * took 0.9 s of the thread's 4.2 s in a burst of 100k; with 128, 0.4 s. V8 grows the space this far
 * only under such a load, and keeps it until the thread ends.
 */
const SEND_THREAD_YOUNG_GENERATION_MB = 128;

/**
 * The thread's young generation: 128 MiB in a process started with `--max-semi-space-size` (the
 * scaled worker's 64, decision 152; `npm start`'s 8, decision 360), V8's default otherwise. V8 grows
 * it that far only under a large burst's load (a 10k burst peaked alike with 12 MiB and with 128),
 * where the thread's requests would otherwise be promoted and collected again (decision 152).
 */
export function sendThreadYoungGenerationMb(
  execArgv: readonly string[] = process.execArgv,
  nodeOptions: string = process.env.NODE_OPTIONS ?? '',
): number | undefined {
  const flags = [...execArgv, ...nodeOptions.split(/\s+/)];
  return flags.some((flag) => /^--max[-_]semi[-_]space[-_]size\b/.test(flag))
    ? SEND_THREAD_YOUNG_GENERATION_MB
    : undefined;
}

/** The most dropped refs remembered (a forgotten one costs its push one more retry). */
const MAX_DROPPED = 10_000;

/** Every accepted push's answer: one object for all of them (its readers never change it). */
const SENT: PushResult = Object.freeze({ ok: true });

/** A body prepared ahead by the thread that was running then (decisions 153, 161). */
interface PreparedInThread extends PreparedPush {
  ref: number;
  /** Which start of the thread holds it: a thread started since has never seen it. */
  generation: number;
}

const isInThread = (prepared: PreparedPush): prepared is PreparedInThread =>
  (prepared as Partial<PreparedInThread>).ref !== undefined;

/**
 * Web Push with its requests made on a thread of their own (decision 019). The embedded server runs
 * PGlite, the API and the reminder engine on one thread; at a due second of 100k reminders the
 * HTTP requests were about half of that thread's work while the second core stood partly idle. Here
 * the engine's thread only hands requests over, a batch per turn of its event loop, and gets the
 * answers back in batches. Encryption ahead (`prepare`, decision 048) is done on the send thread
 * too, minutes before the instant, and the body is kept there (decisions 153, 161): at the
 * instant a push crosses over as its id, its body's ref and three header values, and comes back,
 * when accepted, as a number in a typed array.
 */
export class ThreadedPushSender implements PushSender {
  private readonly local: WebPushSender;
  private worker: Worker | undefined;
  /** Incremented with every thread started: the bodies a thread holds die with it. */
  private generation = 0;
  /** Each push handed over and not yet answered: only its resolver, so nothing else outlives the send. */
  private readonly waiting = new Map<number, (result: PushResult) => void>();
  /**
   * Refs the thread answered `unknown` for (it dropped them, kept past `keptMs`): a push sent again
   * with one of these carries its payload. Rare, and bounded: cleared when it grows past a limit.
   */
  private readonly dropped = new Set<number>();
  private ahead: PayloadAhead[] = [];
  private outgoing: SendRequest[] = [];
  private flushing = false;
  private nextId = 0;
  private nextRef = 0;
  private closed = false;
  /** Messages posted to the running thread: it is stopped when idle only if it has had them all. */
  private posted = 0;
  /** Its thread's young generation in MiB; undefined, V8's default (sendThreadYoungGenerationMb). */
  private readonly youngGenerationMb = sendThreadYoungGenerationMb();

  /**
   * `endpoints` is the policy `data.allowlist` configures, as this process already holds it: a body
   * is prepared only for an endpoint the thread may reach (the thread trusts a prepared body's
   * destination, as WebPushSender does).
   */
  constructor(
    private readonly data: SendThreadData,
    endpoints: PushEndpointPolicy,
  ) {
    this.local = new WebPushSender(data.keys, endpoints, { maxSockets: 1 });
  }

  prepare(target: PushTarget, payload: string): PreparedPush | null {
    // Only the device's check is done here: a device that cannot be sent to gets no body, and
    // starts nothing. The encryption, most of a push's CPU, is the thread's (decision 161): on
    // this thread it took the API's event loop for 0.24–1.2 ms per device in the minutes before a
    // due second. The body is made and kept there, and this thread keeps only its ref.
    const device = this.local.check(target);
    if (typeof device === 'string' || this.closed) return null;
    // A body prepared now is sent minutes from now: the thread is started with the first one, so
    // it has loaded its code by then. Started by the first send instead, at a due second of 100k
    // reminders it took the first second of the burst to load and open its connections, while the
    // pushes released meanwhile waited (the first 1 % arrived after 1.1 s).
    this.thread();
    const ref = this.nextRef++;
    this.ahead.push({ ref, destination: device.destination, keys: device.keys, payload });
    this.flushSoon();
    const prepared: PreparedInThread = {
      forToken: target.token,
      bytes: encryptedBytes(payload),
      ref,
      generation: this.generation,
    };
    return prepared;
  }

  /** Whether its thread has been started (and not lost or closed since). */
  get threadStarted(): boolean {
    return this.worker !== undefined;
  }

  /** The limits its running thread was started with; undefined while none runs. */
  get threadResourceLimits(): ResourceLimits | undefined {
    return this.worker?.resourceLimits;
  }

  /** The thread's own pool bounds the requests; its callers need not (decision 151). */
  handsOver(): boolean {
    return true;
  }

  send(target: PushTarget, message: PushMessage): Promise<PushResult> {
    if (this.closed) return Promise.resolve({ ok: false, gone: false, error: 'push sender closed' });
    const id = this.nextId++;
    const prepared = message.prepared?.forToken === target.token ? message.prepared : undefined;
    // A body held by the thread running now is named; any other push carries its payload (a body
    // made for a thread since lost is gone with it, and is encrypted again there).
    if (this.heldByThread(prepared)) {
      this.outgoing.push({ id, ref: prepared.ref, options: optionsOf(message) });
    } else this.outgoing.push(withPayload(id, target, message));
    this.flushSoon();
    return new Promise((resolve) => this.waiting.set(id, resolve));
  }

  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = undefined;
    if (worker) {
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.postMessage('close');
      const timer = setTimeout(() => void worker.terminate(), CLOSE_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    }
    this.failWaiting('push sender closed');
    await this.local.close();
  }

  /**
   * Whether the thread running now was given this body and has not said it dropped it. A dropped
   * ref is forgotten as it is asked about: that send carries the payload instead.
   */
  private heldByThread(prepared: PreparedPush | undefined): prepared is PreparedInThread {
    if (!prepared || !isInThread(prepared) || !this.worker) return false;
    if (prepared.generation !== this.generation) return false;
    return !this.dropped.delete(prepared.ref);
  }

  private flushSoon(): void {
    if (this.flushing) return;
    this.flushing = true;
    setImmediate(() => this.flush());
  }

  private flush(): void {
    this.flushing = false;
    const message: ToSendThread = { ahead: this.ahead, sends: this.outgoing };
    this.ahead = [];
    this.outgoing = [];
    // Closing: what was queued is answered "not sent" by close() (it is all still waiting).
    if ((message.ahead.length === 0 && message.sends.length === 0) || this.closed) return;
    this.thread().postMessage(message);
    this.posted++;
  }

  /**
   * The thread says it is idle (decision 160): it holds no body and has nothing in flight. If it
   * has had every message posted to it and nothing waits, it is stopped; it is no longer this
   * sender's thread, so its exit fails nothing, and the next body or send starts another.
   */
  private idle(worker: Worker, received: number): void {
    if (this.worker !== worker || received !== this.posted) return;
    // Anything queued is for this thread (its bodies carry its generation): it goes there first,
    // and the thread, given more, reports again once idle after it.
    if (this.waiting.size > 0 || this.ahead.length > 0 || this.outgoing.length > 0 || this.closed) return;
    this.worker = undefined;
    worker.postMessage('close');
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const entry = threadEntry();
    const worker = new Worker(entry.code, {
      workerData: this.data,
      eval: entry.eval,
      ...(this.youngGenerationMb
        ? { resourceLimits: { maxYoungGenerationSizeMb: this.youngGenerationMb } }
        : {}),
    });
    this.generation++;
    this.posted = 0;
    // The server's own handles keep it alive; a thread idle between due seconds must not.
    worker.unref();
    worker.on('message', (message: FromSendThread) =>
      'idle' in message ? this.idle(worker, message.received) : this.answered(message),
    );
    const lost = (reason: string) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      // Retried with back-off like any failed send; the next send starts a new thread. Requests not
      // yet handed over fail too: sent by the next thread, they would be sent and retried. Bodies
      // not yet handed over were made for this thread: their pushes carry their payloads instead.
      this.outgoing = [];
      this.ahead = [];
      this.failWaiting(reason);
    };
    worker.on('error', (error) => lost(`push thread failed: ${error.message}`));
    worker.on('exit', (code) => lost(`push thread stopped (exit code ${code})`));
    this.worker = worker;
    return worker;
  }

  private answered({ sent, failed, unknown }: SendAnswers): void {
    for (const id of sent) this.settle(id, SENT);
    for (const { id, result } of failed) this.settle(id, result);
    // A body the thread no longer holds: not sent now, and retried like any failure, with its
    // payload (the push's message is not kept here until its answer: at a due second of 100k that
    // kept every message alive across collections for the sake of this rare case).
    if (this.dropped.size + unknown.length > MAX_DROPPED) this.dropped.clear();
    for (const { id, ref } of unknown) {
      this.dropped.add(ref);
      this.settle(id, {
        ok: false,
        gone: false,
        error: 'its body encrypted ahead was kept past its time; it is sent again with its payload',
      });
    }
  }

  private settle(id: number, result: PushResult): void {
    const waiting = this.waiting.get(id);
    this.waiting.delete(id);
    waiting?.(result);
  }

  private failWaiting(error: string): void {
    for (const id of [...this.waiting.keys()]) this.settle(id, { ok: false, gone: false, error });
  }
}

const optionsOf = (message: PushMessage) => ({
  topic: message.topic,
  ttlSeconds: message.ttlSeconds,
  urgency: message.urgency,
});

/** A push the thread encrypts: only what the request needs (a device row carries more). */
function withPayload(id: number, target: PushTarget, message: PushMessage): SendRequest {
  return {
    id,
    target: { kind: target.kind, endpoint: target.endpoint, token: target.token },
    // Serialized here, only now: the payload may be a lazy getter.
    payload: message.payload,
    options: optionsOf(message),
  };
}

/**
 * How the thread is started: the bundle tsup writes beside server.js and worker.js (`npm start`,
 * the image), or, under tsx (tests, benchmarks, `npm run dev`), the TypeScript source beside this
 * file, loaded through tsx's API (Node 20 does not apply `--import tsx` to a worker's own entry).
 */
function threadEntry(): { code: URL | string; eval: boolean } {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return { code: new URL('./push-send-thread.js', here), eval: false };
  // tsx's ESM API (its exports' `./esm/api` import target): require.resolve would give the CommonJS one.
  const api = new URL(
    './dist/esm/api/index.mjs',
    pathToFileURL(createRequire(here).resolve('tsx/package.json')),
  ).href;
  const source = new URL('./push-send.thread.ts', here).href;
  return {
    code: `import(${JSON.stringify(api)}).then((tsx) => tsx.tsImport(${JSON.stringify(source)}, ${JSON.stringify(source)}))`,
    eval: true,
  };
}
