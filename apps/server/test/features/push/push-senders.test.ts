import { describe, expect, it } from 'vitest';
import { ActionTokenCodec } from '../../../src/features/reminders/action-tokens';
import { PushEndpointPolicy } from '../../../src/features/push/endpoint-allowlist';
import { FcmSender, type FcmMessaging } from '../../../src/features/push/fcm.sender';
import { PushRouter } from '../../../src/features/push/push-sender';

const message = {
  payload: '{"title":"Time for your Morning dose"}',
  topic: 'abc',
  ttlSeconds: 3600,
  urgency: 'high' as const,
};

describe('push endpoint allowlist', () => {
  const defaults = new PushEndpointPolicy();
  it.each([
    ['https://fcm.googleapis.com/fcm/send/abc', true],
    ['https://updates.push.services.mozilla.com/wpush/v2/abc', true],
    ['https://web.push.apple.com/QGx', true],
    ['https://wns2-by3p.notify.windows.com/w/?token=x', true],
    ['https://push.apple.com.evil.example/x', false],
    ['https://evil.example/fcm.googleapis.com', false],
    ['http://fcm.googleapis.com/fcm/send/abc', false],
    ['https://fcm.googleapis.com:8443/fcm/send/abc', false],
    ['https://user:pw@fcm.googleapis.com/x', false],
    ['http://127.0.0.1:9000/push/x', false],
    ['file:///etc/passwd', false],
    ['not a url', false],
  ])('by default %s → %s', (endpoint, allowed) => {
    expect(defaults.allows(endpoint)).toBe(allowed);
  });

  it('PUSH_ENDPOINT_ALLOWLIST replaces the defaults; plain http only for loopback hosts listed with their port', () => {
    const policy = PushEndpointPolicy.fromEnv('127.0.0.1:9000, push.example.test, [::1]:9001, 10.0.0.5:80');
    expect(policy.allows('http://127.0.0.1:9000/push/x')).toBe(true);
    expect(policy.allows('http://127.0.0.1:9001/push/x')).toBe(false);
    expect(policy.allows('http://[::1]:9001/push/x')).toBe(true);
    expect(policy.allows('https://push.example.test/x')).toBe(true);
    expect(policy.allows('http://10.0.0.5/x')).toBe(false); // not loopback: never plain http
    expect(policy.allows('https://fcm.googleapis.com/fcm/send/abc')).toBe(false);
    expect(() => PushEndpointPolicy.fromEnv('a:b:c')).toThrow(/PUSH_ENDPOINT_ALLOWLIST/);
  });
});

describe('FCM sender (firebase-admin messaging behind an interface)', () => {
  it('sends the payload as a data message with the topic as collapse key', async () => {
    const sent: Parameters<FcmMessaging['send']>[0][] = [];
    const sender = new FcmSender({ send: async (m) => (sent.push(m), 'projects/x/messages/1') });
    expect(await sender.send({ kind: 'fcm', endpoint: 'fcm:tok', token: 'tok' }, message)).toEqual({
      ok: true,
    });
    expect(sent).toEqual([
      {
        token: 'tok',
        data: { payload: message.payload },
        webpush: { headers: { TTL: '3600', Urgency: 'high', Topic: 'abc' } },
        android: { collapseKey: 'abc', ttl: 3_600_000, priority: 'high' },
        apns: { headers: { 'apns-collapse-id': 'abc' } },
      },
    ]);
  });

  it('reports an unregistered token as gone, other errors as retryable', async () => {
    const failing = (code: string) =>
      new FcmSender({
        send: async () => {
          throw Object.assign(new Error('nope'), { code });
        },
      });
    const target = { kind: 'fcm', endpoint: 'fcm:tok', token: 'tok' };
    expect(await failing('messaging/registration-token-not-registered').send(target, message)).toMatchObject({
      ok: false,
      gone: true,
    });
    expect(await failing('messaging/internal-error').send(target, message)).toMatchObject({
      ok: false,
      gone: false,
    });
  });

  it('the router picks the sender by subscription kind and refuses kinds without one', async () => {
    const router = new PushRouter({ fcm: new FcmSender({ send: async () => 'ok' }) });
    expect(await router.send({ kind: 'fcm', endpoint: 'fcm:t', token: 't' }, message)).toEqual({ ok: true });
    expect(await router.send({ kind: 'webpush', endpoint: 'https://x', token: '{}' }, message)).toMatchObject(
      {
        ok: false,
        gone: false,
        permanent: true,
      },
    );
  });
});

describe('action tokens', () => {
  const codec = new ActionTokenCodec('a-test-secret-that-is-long-enough-123456', 60_000);
  const now = new Date('2026-11-21T08:00:00Z');
  const claims = {
    action: 'take' as const,
    userId: '0b3c6c52-6b8e-4a8c-8f7e-2b0d8d6b3b1a',
    slot: 0,
    date: '2026-11-21',
  };

  it('round-trips, and expires', () => {
    const token = codec.sign(claims, now);
    expect(codec.verify(token, now)).toMatchObject({
      ...claims,
      expiresAt: new Date('2026-11-21T08:01:00Z'),
    });
    expect(codec.verify(token, new Date('2026-11-21T08:01:00Z'))).toBeNull();
  });

  it('is bound to its key and its bytes', () => {
    const token = codec.sign(claims, now);
    const other = new ActionTokenCodec('another-secret-that-is-long-enough-9876543', 60_000);
    expect(other.verify(token, now)).toBeNull();
    expect(codec.verify(`${token}x`, now)).toBeNull();
    expect(
      codec.verify(
        token.replace(/^./, (c) => (c === 'e' ? 'f' : 'e')),
        now,
      ),
    ).toBeNull();
  });
});
