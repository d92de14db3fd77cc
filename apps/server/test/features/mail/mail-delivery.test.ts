import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../../../src/db/schema';
import { ManualClock } from '../../../src/lib/clock';
import type { MailFailureOutcome } from '../../../src/lib/metrics';
import { MailDelivery, retryDelay } from '../../../src/features/mail/mail-delivery';
import { MailDeliveryRepository } from '../../../src/features/mail/mail-delivery.repository';
import { MailOutboxRepository } from '../../../src/features/mail/mail-outbox.repository';
import { SmtpMailTransport, classifySmtpError } from '../../../src/features/mail/smtp.transport';
import { SmtpCatcher } from '../../support/smtp-catcher';
import { type TestDatabase, createTestDatabase } from '../../support/test-database';

const FROM = 'Medicine Reminder <no-reply@meds.example.org>';
const settings = { retryBaseMs: 1000, retryMaxMs: 4000, maxAttempts: 4, leaseMs: 60_000, pollMs: 1000 };
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('mail delivery from the outbox over SMTP', () => {
  let database: TestDatabase;
  let catcher: SmtpCatcher;
  let clock: ManualClock;
  let userId: string;
  const counted: string[] = [];
  const metrics = {
    mailSent: (kind: string) => counted.push(`sent:${kind}`),
    mailFailed: (kind: string, outcome: MailFailureOutcome) => counted.push(`${outcome}:${kind}`),
  };

  const db = () => database.handle.db;
  const delivery = (overrides: Partial<typeof settings> = {}) =>
    new MailDelivery({
      db: db(),
      clock,
      transport: new SmtpMailTransport({ url: catcher.url, from: FROM }),
      settings: { ...settings, ...overrides },
      log: silent,
      metrics,
    });
  const enqueue = (to: string, subject = 'Reset your password') =>
    new MailOutboxRepository(db(), clock).enqueue({
      kind: 'password-reset',
      userId,
      to,
      subject,
      text: 'Choose a new password: https://meds.example.org/reset-password?token=t0k',
      html: '<p><a href="https://meds.example.org/reset-password?token=t0k">Choose a new password</a></p>',
    });
  const row = async (to: string) => {
    const [found] = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));
    return found!;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    catcher = await SmtpCatcher.start();
    const [user] = await db()
      .insert(users)
      .values({ name: 'Ada', email: 'ada@example.com', passwordHash: null })
      .returning();
    userId = user!.id;
  });
  afterAll(async () => {
    await catcher.stop();
    await database.drop();
  });
  beforeEach(() => {
    clock = new ManualClock(new Date('2026-12-06T10:00:00Z'));
    counted.length = 0;
  });

  it('sends both parts with the From, a Message-ID of the outbox id, then marks it sent and erases the bodies', async () => {
    await enqueue('sent@example.com');
    const sender = delivery();
    expect(await sender.drain()).toBe(1);
    const mail = await catcher.waitFor('sent@example.com');
    const stored = await row('sent@example.com');
    expect(mail.from).toEqual({ name: 'Medicine Reminder', address: 'no-reply@meds.example.org' });
    expect(mail.subject).toBe('Reset your password');
    expect(mail.text).toContain('https://meds.example.org/reset-password?token=t0k');
    expect(mail.html).toContain('href="https://meds.example.org/reset-password?token=t0k"');
    expect(mail.messageId).toBe(`<${stored.id}@meds.example.org>`);
    expect(stored).toMatchObject({
      status: 'sent',
      textBody: null,
      htmlBody: null,
      attempts: 1,
      leaseId: null,
    });
    expect(stored.sentAt?.toISOString()).toBe('2026-12-06T10:00:00.000Z');
    expect(await sender.drain()).toBe(0);
    expect(catcher.received('sent@example.com')).toHaveLength(1);
    expect(counted).toEqual(['sent:password-reset']);
  });

  it('retries a temporary refusal after a growing delay and delivers exactly once', async () => {
    await enqueue('later@example.com');
    catcher.refuseNext(2, 451);
    const sender = delivery();
    await sender.drain();
    expect(await row('later@example.com')).toMatchObject({ status: 'pending', attempts: 1 });
    expect((await row('later@example.com')).lastError).toContain('451');
    expect((await row('later@example.com')).availableAt.toISOString()).toBe('2026-12-06T10:00:01.000Z');
    clock.advance(999);
    expect(await sender.drain()).toBe(0);
    clock.advance(1);
    await sender.drain();
    // The second refusal waits twice as long.
    expect((await row('later@example.com')).availableAt.toISOString()).toBe('2026-12-06T10:00:03.000Z');
    clock.advance(2000);
    await sender.drain();
    expect(catcher.received('later@example.com')).toHaveLength(1);
    expect(await row('later@example.com')).toMatchObject({ status: 'sent', attempts: 3 });
    clock.advance(60_000);
    await sender.drain();
    expect(catcher.received('later@example.com')).toHaveLength(1);
    expect(counted).toEqual(['retry:password-reset', 'retry:password-reset', 'sent:password-reset']);
  });

  it('keeps mail while the SMTP server is down, without counting the untried, and delivers each once when it is back', async () => {
    await enqueue('down1@example.com');
    await enqueue('down2@example.com');
    await catcher.stop();
    const sender = delivery();
    await sender.drain();
    const [first, second] = [await row('down1@example.com'), await row('down2@example.com')];
    expect([first.status, second.status]).toEqual(['pending', 'pending']);
    // The first found the server gone; the second waits as long without an attempt counted.
    expect([first.attempts + second.attempts]).toEqual([1]);
    expect(first.availableAt.getTime()).toBe(second.availableAt.getTime());
    clock.advance(1000);
    await sender.drain();
    await catcher.restart();
    clock.advance(2000);
    await sender.drain();
    clock.advance(60_000);
    await sender.drain();
    expect(catcher.received('down1@example.com')).toHaveLength(1);
    expect(catcher.received('down2@example.com')).toHaveLength(1);
    expect((await row('down1@example.com')).status).toBe('sent');
    expect((await row('down2@example.com')).status).toBe('sent');
  });

  it('records a permanent refusal (5xx) as failed, erases the bodies and never retries it', async () => {
    await enqueue('nobody@example.com');
    catcher.refuseNext(1, 550);
    const sender = delivery();
    await sender.drain();
    clock.advance(3600_000);
    await sender.drain();
    const stored = await row('nobody@example.com');
    expect(stored).toMatchObject({ status: 'failed', attempts: 1, textBody: null, htmlBody: null });
    expect(stored.lastError).toContain('550');
    expect(catcher.received('nobody@example.com')).toHaveLength(0);
    expect(counted).toEqual(['permanent:password-reset']);
    const stats = await new MailDeliveryRepository(db()).stats(clock.now());
    expect(stats.failed['password-reset']).toBeGreaterThanOrEqual(1);
  });

  it('gives up after the last attempt and records why', async () => {
    await enqueue('flaky@example.com');
    catcher.refuseNext(settings.maxAttempts, 421);
    const sender = delivery();
    for (let i = 0; i < settings.maxAttempts; i += 1) {
      await sender.drain();
      clock.advance(settings.retryMaxMs);
    }
    const stored = await row('flaky@example.com');
    expect(stored).toMatchObject({ status: 'failed', attempts: settings.maxAttempts, textBody: null });
    expect(stored.lastError).toMatch(/^gave up after 4 attempts: 421/);
    expect(counted.at(-1)).toBe('gave-up:password-reset');
    expect(catcher.received('flaky@example.com')).toHaveLength(0);
  });

  it('takes up mail whose worker died holding it once the lease has run out, and not before', async () => {
    await enqueue('orphan@example.com');
    // A worker leases the message and is killed before it sends.
    const dead = new MailDeliveryRepository(db());
    const until = new Date(clock.now().getTime() + settings.leaseMs);
    expect(await dead.lease(clock.now(), crypto.randomUUID(), until, 10)).toHaveLength(1);
    const sender = delivery();
    expect(await sender.drain()).toBe(0);
    clock.advance(settings.leaseMs);
    expect(await sender.drain()).toBe(1);
    expect(catcher.received('orphan@example.com')).toHaveLength(1);
    expect(await row('orphan@example.com')).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('two senders draining the same outbox at once send every message exactly once', async () => {
    const addresses = Array.from({ length: 30 }, (_, i) => `many${i}@example.com`);
    for (const address of addresses) await enqueue(address, `Message ${address}`);
    const [a, b] = [delivery(), delivery()];
    const [sentA, sentB] = await Promise.all([a.drain(), b.drain()]);
    expect(sentA + sentB).toBe(30);
    for (const address of addresses) expect(catcher.received(address)).toHaveLength(1);
  });

  it('forgets the unsent mail of a deleted account', async () => {
    const [gone] = await db()
      .insert(users)
      .values({ name: 'Gone', email: 'gone@example.com', passwordHash: null })
      .returning();
    await new MailOutboxRepository(db(), clock).enqueue({
      kind: 'email-verification',
      userId: gone!.id,
      to: 'gone@example.com',
      subject: 'Verify',
      text: 't',
      html: '<p>t</p>',
    });
    await db().delete(users).where(eq(users.id, gone!.id));
    expect(await delivery().drain()).toBe(0);
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'gone@example.com'))).toEqual(
      [],
    );
    expect(catcher.received('gone@example.com')).toHaveLength(0);
  });

  it('doubles the delay up to its cap, and classifies SMTP errors', () => {
    expect([1, 2, 3, 4, 9].map((n) => retryDelay(n, settings))).toEqual([1000, 2000, 4000, 4000, 4000]);
    expect(classifySmtpError({ code: 'ECONNECTION', message: 'connect ECONNREFUSED' })).toMatchObject({
      outcome: 'temporary-failure',
      unreachable: true,
    });
    expect(classifySmtpError({ code: 'ETIMEDOUT' }).outcome).toBe('temporary-failure');
    expect(classifySmtpError({ code: 'EENVELOPE', responseCode: 452 }).outcome).toBe('temporary-failure');
    expect(classifySmtpError({ code: 'EENVELOPE', responseCode: 550 }).outcome).toBe('permanent-failure');
    expect(classifySmtpError({ code: 'EMESSAGE', responseCode: 554 }).outcome).toBe('permanent-failure');
    // Wrong credentials are the operator's to fix: the mail waits for them.
    expect(classifySmtpError({ code: 'EAUTH', responseCode: 535 }).outcome).toBe('temporary-failure');
  });
});
