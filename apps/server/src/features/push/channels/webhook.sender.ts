import { createHmac, randomBytes } from 'node:crypto';
import type { Clock } from '../../../lib/clock';
import type { ChannelEndpointPolicy } from '../channel-endpoints';
import { postChannelJson } from '../channel-http';
import type { PushMessage, PushResult, PushSender, PushTarget } from '../push-sender';
import { channelMessage } from './channel-message';

export const SIGNATURE_HEADER = 'X-MedRem-Signature';
export const TIMESTAMP_HEADER = 'X-MedRem-Timestamp';

/** A new webhook secret: 32 random bytes, shown to its owner once. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/**
 * The signature a receiver checks (decision 235): HMAC-SHA256 with the channel's secret over
 * "<timestamp>.<body>", hex, prefixed "sha256=". The timestamp (Unix seconds, its own header) is
 * inside what is signed, so a receiver that refuses old timestamps refuses replays.
 */
export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** A signed HTTPS POST of the notification as JSON, for Home Assistant, Node-RED and the like. */
export class WebhookSender implements PushSender {
  constructor(private readonly deps: { policy: ChannelEndpointPolicy; publicUrl: string; clock: Clock }) {}

  async send(target: PushTarget, message: PushMessage): Promise<PushResult> {
    if (!target.secret) {
      return {
        ok: false,
        gone: false,
        permanent: true,
        reason: 'refused',
        error: 'webhook without a secret',
      };
    }
    const body = JSON.stringify({ v: 1, ...channelMessage(message.payload, this.deps.publicUrl) });
    const timestamp = String(Math.floor(this.deps.clock.now().getTime() / 1000));
    return postChannelJson(this.deps.policy, target.token, body, {
      [SIGNATURE_HEADER]: webhookSignature(target.secret, timestamp, body),
      [TIMESTAMP_HEADER]: timestamp,
    });
  }
}
