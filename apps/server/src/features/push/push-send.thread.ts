import { parentPort, workerData } from 'node:worker_threads';
import { PushEndpointPolicy } from './endpoint-allowlist';
import type { PushResult } from './push-sender';
import type { SendRequest, SendThreadData, SentAnswer } from './push-send-wire';
import { WebPushSender } from './web-push.sender';

/**
 * The thread Web Push requests are made on (decision 019): ThreadedPushSender posts it batches of
 * requests, and it answers in batches, one message per turn of its event loop.
 */
const data = workerData as SendThreadData;
const port = parentPort!;
const sender = new WebPushSender(data.keys, PushEndpointPolicy.fromEnv(data.allowlist), {
  maxSockets: data.maxSockets,
});

let answers: SentAnswer[] = [];
let flushing = false;

function answer(id: number, result: PushResult): void {
  answers.push({ id, result });
  if (flushing) return;
  flushing = true;
  setImmediate(() => {
    flushing = false;
    const batch = answers;
    answers = [];
    port.postMessage(batch);
  });
}

port.on('message', (requests: SendRequest[] | 'close') => {
  if (requests === 'close') {
    void sender.close().finally(() => port.close());
    return;
  }
  for (const { id, target, message } of requests) {
    // The structured clone made the prepared Buffer a plain Uint8Array: viewed as a Buffer again,
    // without a copy.
    const body = message.prepared?.body;
    const prepared = body && {
      ...message.prepared!,
      body: Buffer.from(body.buffer, body.byteOffset, body.byteLength),
    };
    void sender
      .send(target, { ...message, prepared })
      .catch((error: unknown): PushResult => ({ ok: false, gone: false, error: String(error) }))
      .then((result) => answer(id, result));
  }
});
