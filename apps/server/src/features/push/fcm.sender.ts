import type { PushMessage, PushResult, PushSender, PushTarget } from './push-sender';

/** The part of firebase-admin's Messaging the sender uses (a fake stands in for it in tests). */
export interface FcmMessaging {
  send(message: {
    token: string;
    data: Record<string, string>;
    webpush?: { headers?: Record<string, string> };
    android?: { collapseKey?: string; ttl?: number; priority?: 'high' | 'normal' };
    apns?: { headers?: Record<string, string> };
  }): Promise<string>;
}

const GONE_CODES = new Set([
  'messaging/registration-token-not-registered',
  'messaging/invalid-registration-token',
  'messaging/invalid-argument',
]);

/**
 * FCM through firebase-admin, for tokens from the Firebase messaging SDK. The payload travels as a
 * data message, so the same service-worker code shows it; the topic collapses repeats like Web Push.
 */
export class FcmSender implements PushSender {
  constructor(private readonly messaging: FcmMessaging) {}

  async send(target: PushTarget, message: PushMessage): Promise<PushResult> {
    try {
      await this.messaging.send({
        token: target.token,
        data: { payload: message.payload },
        webpush: {
          headers: { TTL: String(message.ttlSeconds), Urgency: message.urgency, Topic: message.topic },
        },
        android: { collapseKey: message.topic, ttl: message.ttlSeconds * 1000, priority: 'high' },
        apns: { headers: { 'apns-collapse-id': message.topic } },
      });
      return { ok: true };
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      return { ok: false, gone: GONE_CODES.has(code), error: `${code} ${(error as Error).message}`.trim() };
    }
  }
}

/** Opens firebase-admin's Messaging from a service-account JSON (only when FCM is configured). */
export async function createFirebaseMessaging(serviceAccountJson: string): Promise<FcmMessaging> {
  const { cert, initializeApp, getApps } = await import('firebase-admin/app');
  const { getMessaging } = await import('firebase-admin/messaging');
  const credentials = JSON.parse(serviceAccountJson) as Record<string, string>;
  const name = 'medrem-push';
  const app =
    getApps().find((a) => a.name === name) ??
    initializeApp({ credential: cert(credentials), projectId: credentials.project_id }, name);
  return getMessaging(app);
}
