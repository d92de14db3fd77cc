import { z } from 'zod';
import { badRequest } from '../../lib/app-error';

export type PushTarget =
  { kind: 'webpush'; endpoint: string; token: string } | { kind: 'fcm'; endpoint: string; token: string };

const webPushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/ }),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});

const FCM_TOKEN_PATTERN = /^[A-Za-z0-9_:\-.]{20,4096}$/;

/**
 * The spec's tokenForNotification is one string of two forms: a Web Push subscription serialised as
 * JSON (the default channel), or an FCM registration token.
 */
export function parsePushToken(raw: string): PushTarget {
  const text = raw.trim();
  if (text.startsWith('{')) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw badRequest('tokenForNotification is not valid JSON.');
    }
    const parsed = webPushSubscriptionSchema.safeParse(json);
    if (!parsed.success) throw badRequest('tokenForNotification is not a valid Web Push subscription.');
    return { kind: 'webpush', endpoint: parsed.data.endpoint, token: JSON.stringify(parsed.data) };
  }
  if (!FCM_TOKEN_PATTERN.test(text)) throw badRequest('tokenForNotification is not a valid push token.');
  return { kind: 'fcm', endpoint: `fcm:${text}`, token: text };
}
