/** A push to one device. `payload` is the JSON the service worker reads. */
export interface PushMessage {
  payload: string;
  /** Web Push Topic (≤ 32 URL-safe characters): a newer message with it replaces an undelivered one. */
  topic: string;
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /**
   * This payload made ready for this device ahead of time (`PushSender.prepare`), so the send is
   * only the request. Used only while the device's stored token is still the one it was made for.
   */
  prepared?: PreparedPush | undefined;
}

/**
 * A payload encrypted ahead of time for one device (decision 048). Opaque outside its sender: the
 * body itself may be held elsewhere (a send thread's, decision 153).
 */
export interface PreparedPush {
  /** The subscription token it was made for; a re-subscribed device gets a fresh one. */
  forToken: string;
  /** The encrypted body's size in bytes (its request's Content-Length). */
  bytes: number;
}

export interface PushTarget {
  kind: string;
  endpoint: string;
  token: string;
  /** The subscription row's own fields, which the channel senders need (decision 233). */
  id?: string;
  userId?: string;
  secret?: string | null;
}

/** Why a device or channel did not take a notification, as Settings → Notifications says it. */
export type DeliveryFailureReason = 'expired' | 'refused' | 'unreachable' | 'unverified';

export type PushResult =
  | { ok: true }
  /**
   * gone: the push service says this device is no more (404/410): remove the subscription.
   * permanent: retrying cannot help (no sender for this kind of subscription is configured).
   */
  | { ok: false; gone: boolean; permanent?: boolean; error: string; reason?: DeliveryFailureReason };

/**
 * The reason of a failed send: what the sender said, else judged from its answer: gone is an
 * expired subscription, an answer of the service (`answered 4xx`) or a permanent failure a refusal,
 * anything else (no answer, a timeout, a 5xx) the service being unreachable.
 */
export function failureReason(result: Extract<PushResult, { ok: false }>): DeliveryFailureReason {
  if (result.reason) return result.reason;
  if (result.gone) return 'expired';
  if (result.permanent || /answered 4\d\d/.test(result.error)) return 'refused';
  return 'unreachable';
}

/** One way of sending a push; the engine picks one per subscription by its kind. */
export interface PushSender {
  send(target: PushTarget, message: PushMessage): Promise<PushResult>;
  /**
   * Does ahead of time what `send` would do before its request (Web Push: the RFC 8291
   * encryption); null when there is nothing to gain or the device cannot be sent to.
   */
  prepare?(target: PushTarget, payload: string): PreparedPush | null;
  /**
   * True when `send` only hands the push to requests made elsewhere, which bound their own
   * connections (a send thread, decision 151): a caller may hand over every push it has at once
   * instead of a few at a time.
   */
  handsOver?(target: PushTarget): boolean;
}

/** Sends through the sender registered for the subscription's kind. */
export class PushRouter implements PushSender {
  constructor(private readonly senders: Partial<Record<string, PushSender>>) {}

  async send(target: PushTarget, message: PushMessage): Promise<PushResult> {
    const sender = this.senders[target.kind];
    if (!sender) {
      return {
        ok: false,
        gone: false,
        permanent: true,
        error: `no sender configured for ${target.kind} subscriptions`,
      };
    }
    return sender.send(target, message);
  }

  prepare(target: PushTarget, payload: string): PreparedPush | null {
    return this.senders[target.kind]?.prepare?.(target, payload) ?? null;
  }

  handsOver(target: PushTarget): boolean {
    return this.senders[target.kind]?.handsOver?.(target) ?? false;
  }
}
