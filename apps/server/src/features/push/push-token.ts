import { createECDH } from 'node:crypto';
import { z } from 'zod';
import { badRequest } from '../../lib/app-error';

export type PushTarget =
  { kind: 'webpush'; endpoint: string; token: string } | { kind: 'fcm'; endpoint: string; token: string };

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;
const bytesOf = (text: string) => Buffer.from(text.replace(/=+$/, ''), 'base64url');

/**
 * RFC 8291: the browser's key is an uncompressed P-256 point (65 bytes, 0x04 first) on the curve,
 * and the auth secret 16 bytes. Anything else cannot be encrypted for, so it is refused here and
 * never reaches the reminder engine (finding 2 of issue 8).
 */
function isP256Point(text: string): boolean {
  const key = bytesOf(text);
  if (key.length !== 65 || key[0] !== 0x04) return false;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(key);
    return true;
  } catch {
    return false;
  }
}

const webPushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/ }),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z.string().max(200).regex(BASE64URL).refine(isP256Point),
    auth: z
      .string()
      .max(100)
      .regex(BASE64URL)
      .refine((text) => bytesOf(text).length === 16),
  }),
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
