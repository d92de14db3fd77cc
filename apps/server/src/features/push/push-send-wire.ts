import type { PushResult, PushTarget } from './push-sender';
import type { CheckedDevice, PushOptions, VapidKeys } from './web-push.sender';

/** What the send thread is started with: what a WebPushSender of its own needs. */
export interface SendThreadData {
  keys: VapidKeys;
  /** PUSH_ENDPOINT_ALLOWLIST as configured (the thread checks endpoints it was not given checked). */
  allowlist: string | undefined;
  maxSockets: number;
  /**
   * How long the thread keeps a body made ahead (decisions 153, 161) that no send has asked for:
   * at least as long as its caller may still send it. A send naming one dropped is answered
   * `unknown`, and its caller sends the payload when the push is retried.
   */
  keptMs: number;
  /**
   * How long the thread waits, holding no body and with nothing in flight, before it tells its
   * caller it is idle, which then stops it (decision 160). Default SEND_THREAD_IDLE_MS.
   */
  idleMs?: number;
}

/** After a burst, the thread's heap is freed by stopping it once it has been this long idle. */
export const SEND_THREAD_IDLE_MS = 60_000;

/** How often the thread checks whether it is idle: so it reports within `idleMs` + this. */
export const idleCheckEveryMs = (idleMs: number): number => Math.max(50, Math.min(idleMs / 4, 15_000));

/**
 * A payload for a device checked on the calling thread, given to the thread minutes ahead to
 * encrypt and hold (decision 161); `ref` names its body for the send.
 */
export interface PayloadAhead extends CheckedDevice {
  ref: number;
  payload: string;
}

/** One push for the send thread; `id` pairs it with its answer. */
export type SendRequest =
  /** A body the thread made ahead: only the headers' values travel at the instant. */
  | { id: number; ref: number; options: PushOptions }
  /** Anything else: the thread encrypts the payload for the target. */
  | { id: number; target: PushTarget; payload: string; options: PushOptions };

/** One message to the thread: payloads to encrypt ahead (first, so a send may name them) and sends. */
export interface ToSendThread {
  ahead: PayloadAhead[];
  sends: SendRequest[];
}

/** One message from the thread: the answers of its last few milliseconds, or that it is idle. */
export type FromSendThread = SendAnswers | SendThreadIdle;

/**
 * The thread holds no body, has nothing in flight and has been given nothing for `idleMs`.
 * `received` counts the messages it was given: its caller stops it only if that is all it sent.
 */
export interface SendThreadIdle {
  idle: true;
  received: number;
}

/** The answers of a turn of the thread's event loop. */
export interface SendAnswers {
  /** Requests the push service accepted: nothing to say about them but their id. */
  sent: Float64Array;
  failed: { id: number; result: PushResult }[];
  /** Requests naming a body the thread does not hold (dropped after `keptMs`, or never given). */
  unknown: { id: number; ref: number }[];
}
