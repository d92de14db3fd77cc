import { badRequest } from '../../lib/app-error';
import { type Caller, assertSelf } from '../auth/caller';
import type { PushEndpointPolicy } from './endpoint-allowlist';
import type { PushSubscriptionRepository } from './push-subscription.repository';
import { parsePushToken } from './push-token';

/**
 * A user's devices as push targets: the VAPID key a browser subscribes with, and the registration
 * of its subscription (Web Push) or registration token (FCM). Sending is the reminder engine's work,
 * through the senders of this feature.
 */
export class PushService {
  constructor(
    private readonly deps: {
      subscriptions: PushSubscriptionRepository;
      vapidPublicKey: string;
      /** The push services this server may send to (the default allowlist until configured). */
      endpoints: PushEndpointPolicy;
      /** Whether this server can send through FCM (FCM_SERVICE_ACCOUNT_* configured). */
      fcmConfigured: boolean;
    },
  ) {}

  vapidPublicKey(): string {
    return this.deps.vapidPublicKey;
  }

  get endpoints(): PushEndpointPolicy {
    return this.deps.endpoints;
  }

  /** Registers a device for push; null means permission was not granted, so nothing is stored. */
  async register(caller: Caller, email: string, token: string | null | undefined): Promise<boolean> {
    assertSelf(caller, email);
    if (!token) return false;
    const target = parsePushToken(token);
    if (target.kind === 'webpush' && !this.deps.endpoints.allows(target.endpoint)) {
      throw badRequest('This push service is not supported. Please use a standard browser push service.');
    }
    // Stored, it would fail on every reminder for ever: refuse it while it can still be told.
    if (target.kind === 'fcm' && !this.deps.fcmConfigured) {
      throw badRequest(
        'Firebase push tokens are not supported by this server. Please use browser notifications.',
      );
    }
    await this.deps.subscriptions.upsert({ userId: caller.userId, ...target });
    return true;
  }
}
