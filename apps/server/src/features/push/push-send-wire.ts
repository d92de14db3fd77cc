import type { PushResult, PushTarget } from './push-sender';
import type { Destination, PushOptions, VapidKeys } from './web-push.sender';

/** What the send thread is started with: what a WebPushSender of its own needs. */
export interface SendThreadData {
  keys: VapidKeys;
  /** PUSH_ENDPOINT_ALLOWLIST as configured (the thread checks endpoints it was not given checked). */
  allowlist: string | undefined;
  maxSockets: number;
  /**
   * How long the thread keeps a body moved to it ahead (decision 153) that no send has asked for:
   * at least as long as its caller may still send it. A send naming one dropped is answered
   * `unknown`, and its caller sends the payload when the push is retried.
   */
  keptMs: number;
}

/** A body encrypted ahead, moved to the thread when it is made; `ref` names it for the send. */
export interface BodyAhead {
  ref: number;
  destination: Destination;
  body: Uint8Array;
}

/** One push for the send thread; `id` pairs it with its answer. */
export type SendRequest =
  /** A body the thread was given ahead: only the headers' values travel at the instant. */
  | { id: number; ref: number; options: PushOptions }
  /** Anything else: the thread encrypts the payload for the target. */
  | { id: number; target: PushTarget; payload: string; options: PushOptions };

/** One message to the thread: bodies made ahead (first, so a send may name them) and sends. */
export interface ToSendThread {
  ahead: BodyAhead[];
  sends: SendRequest[];
}

/** One message from the thread: the answers of a turn of its event loop. */
export interface FromSendThread {
  /** Requests the push service accepted: nothing to say about them but their id. */
  sent: Float64Array;
  failed: { id: number; result: PushResult }[];
  /** Requests naming a body the thread does not hold (dropped after `keptMs`, or never given). */
  unknown: { id: number; ref: number }[];
}
