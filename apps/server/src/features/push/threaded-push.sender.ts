import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { type ResourceLimits, Worker } from 'node:worker_threads';
import type { PushEndpointPolicy } from './endpoint-allowlist';
import type { PreparedPush, PushMessage, PushResult, PushSender, PushTarget } from './push-sender';
import type { SendRequest, SendThreadData, SentAnswer } from './push-send-wire';
import { WebPushSender } from './web-push.sender';

/** How long a closing send thread may take to close its connections before it is stopped. */
const CLOSE_TIMEOUT_MS = 5_000;

/**
 * The thread's young generation, in MiB (decision 152). At a due second it holds thousands of
 * requests at once, queued in undici's pool (decision 151): with V8's default (48, a new space of
 * 32 MiB) they outlived the scavenges and were promoted, and collecting took 0.9 s of the thread's
 * 4.2 s in a burst of 100k; with 128, 0.4 s. The same as the server's `--max-semi-space-size=64`
 * gives it, set here so the thread has it however the process was started. V8 grows the space this
 * far only under such a load.
 */
const SEND_THREAD_YOUNG_GENERATION_MB = 128;

/**
 * Web Push with its requests made on a thread of their own (decision 019). The embedded server runs
 * PGlite, the API and the reminder engine on one thread; at a due second of 100k reminders the
 * HTTP requests were about half of that thread's work while the second core stood partly idle. Here
 * the engine's thread only hands requests over, a batch per turn of its event loop, and gets the
 * answers back in batches. Encryption ahead (`prepare`, decision 048) stays on the calling thread:
 * it runs minutes before the instant, and the prepared body is copied along with its request.
 */
export class ThreadedPushSender implements PushSender {
  private readonly local: WebPushSender;
  private worker: Worker | undefined;
  private readonly waiting = new Map<number, (result: PushResult) => void>();
  private outgoing: SendRequest[] = [];
  private nextId = 0;
  private closed = false;

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
    // A body prepared now is sent minutes from now: the thread is started with the first one, so
    // it has loaded its code by then. Started by the first send instead, at a due second of 100k
    // reminders it took the first second of the burst to load and open its connections, while the
    // pushes released meanwhile waited (the first 1 % arrived after 1.1 s). A device that cannot be
    // sent to gets no body, and starts nothing.
    const prepared = this.local.prepare(target, payload);
    if (prepared && !this.closed) this.thread();
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
    const prepared = message.prepared?.forToken === target.token ? message.prepared : undefined;
    const id = this.nextId++;
    this.outgoing.push({
      id,
      // Only what the request needs: a device row carries more (its user, its dates).
      target: { kind: target.kind, endpoint: target.endpoint, token: target.token },
      message: {
        // Serialized only when the thread must encrypt it (the payload may be a lazy getter).
        payload: prepared ? '' : message.payload,
        topic: message.topic,
        ttlSeconds: message.ttlSeconds,
        urgency: message.urgency,
        prepared,
      },
    });
    if (this.outgoing.length === 1) setImmediate(() => this.flush());
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

  private flush(): void {
    const batch = this.outgoing;
    this.outgoing = [];
    // Closing: what was queued is answered "not sent" by close() (it is all still waiting).
    if (batch.length === 0 || this.closed) return;
    this.thread().postMessage(batch);
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const entry = threadEntry();
    const worker = new Worker(entry.code, {
      workerData: this.data,
      eval: entry.eval,
      resourceLimits: { maxYoungGenerationSizeMb: SEND_THREAD_YOUNG_GENERATION_MB },
    });
    // The server's own handles keep it alive; a thread idle between due seconds must not.
    worker.unref();
    worker.on('message', (answers: SentAnswer[]) => {
      for (const { id, result } of answers) this.settle(id, result);
    });
    const lost = (reason: string) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      // Retried with back-off like any failed send; the next send starts a new thread. Requests not
      // yet handed over fail too: sent by the next thread, they would be sent and retried.
      this.outgoing = [];
      this.failWaiting(reason);
    };
    worker.on('error', (error) => lost(`push thread failed: ${error.message}`));
    worker.on('exit', (code) => lost(`push thread stopped (exit code ${code})`));
    this.worker = worker;
    return worker;
  }

  private settle(id: number, result: PushResult): void {
    const resolve = this.waiting.get(id);
    this.waiting.delete(id);
    resolve?.(result);
  }

  private failWaiting(error: string): void {
    for (const id of [...this.waiting.keys()]) this.settle(id, { ok: false, gone: false, error });
  }
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
