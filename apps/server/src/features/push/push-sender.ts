/** A push to one device. `payload` is the JSON the service worker reads. */
export interface PushMessage {
  payload: string;
  /** Web Push Topic (≤ 32 URL-safe characters): a newer message with it replaces an undelivered one. */
  topic: string;
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
}

export interface PushTarget {
  kind: string;
  endpoint: string;
  token: string;
}

export type PushResult =
  | { ok: true }
  /**
   * gone: the push service says this device is no more (404/410): remove the subscription.
   * permanent: retrying cannot help (no sender for this kind of subscription is configured).
   */
  | { ok: false; gone: boolean; permanent?: boolean; error: string };

/** One way of sending a push; the engine picks one per subscription by its kind. */
export interface PushSender {
  send(target: PushTarget, message: PushMessage): Promise<PushResult>;
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
}
