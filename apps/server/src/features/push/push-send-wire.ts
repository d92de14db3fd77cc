import type { PushMessage, PushResult, PushTarget } from './push-sender';
import type { VapidKeys } from './web-push.sender';

/** What the send thread is started with: what a WebPushSender of its own needs. */
export interface SendThreadData {
  keys: VapidKeys;
  /** PUSH_ENDPOINT_ALLOWLIST as configured (the thread checks endpoints it was not given checked). */
  allowlist: string | undefined;
  maxSockets: number;
}

/** One push for the send thread; `id` pairs it with its answer. */
export interface SendRequest {
  id: number;
  target: PushTarget;
  message: PushMessage;
}

export interface SentAnswer {
  id: number;
  result: PushResult;
}
