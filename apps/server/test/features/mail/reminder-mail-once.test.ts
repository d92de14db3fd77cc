import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, pushSubscriptions, users } from '../../../src/db/schema';
import { MailOutboxRepository } from '../../../src/features/mail/mail-outbox.repository';
import { EmailChannelSender } from '../../../src/features/push/channels/email-channel.sender';
import type { PushTarget } from '../../../src/features/push/push-sender';
import { type TestDatabase, TEST_ENGINE, createTestDatabase } from '../../support/test-database';

/**
 * The mail channel is two outboxes in a row (decision 235): a push outbox row whose send enqueued
 * its mail but which a crash kept from being marked done is sent again. That second send must not
 * mail the reminder twice.
 */
describe(`a reminder mailed once per push (${TEST_ENGINE})`, () => {
  let database: TestDatabase;
  let sender: EmailChannelSender;
  let target: PushTarget;
  let userId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database.handle;
    const [user] = await db
      .insert(users)
      .values({ name: 'Ada', email: 'ada@example.org', passwordHash: null, emailVerifiedAt: new Date() })
      .returning({ id: users.id });
    userId = user!.id;
    const [channel] = await db
      .insert(pushSubscriptions)
      .values({ userId, kind: 'email', endpoint: 'mailto:ada@example.org', token: 'email' })
      .returning({ id: pushSubscriptions.id });
    target = { kind: 'email', endpoint: 'mailto:ada@example.org', token: 'email', id: channel!.id, userId };
    sender = new EmailChannelSender({
      db,
      brand: { productName: 'Medicine Reminder', publicUrl: 'https://meds.example.org' },
      outboxOf: (scope) => new MailOutboxRepository(scope),
    });
  });
  afterAll(async () => database?.drop());

  const reminder = (id: string) => ({
    payload: JSON.stringify({
      v: 1,
      id,
      type: 'reminder',
      title: 'Time for your Morning dose',
      body: 'Aspirin 100mg',
      tag: 'dose-morning',
      url: '/',
      createdAt: '2026-11-21T08:00:00.000Z',
      actions: [],
    }),
    topic: 'dose-morning',
    ttlSeconds: 3600,
    urgency: 'high' as const,
  });
  const mailed = async () =>
    database.handle.db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(eq(mailOutbox.userId, userId));

  it('enqueues the same push sent twice once, and a new notification again', async () => {
    const first = reminder(randomUUID());
    expect(await sender.send(target, first)).toEqual({ ok: true });
    expect(await sender.send(target, first)).toEqual({ ok: true });
    expect(await mailed()).toEqual([{ subject: 'Time for your Morning dose' }]);

    // A follow-up is a notification of its own: mailed again.
    expect(await sender.send(target, reminder(randomUUID()))).toEqual({ ok: true });
    expect(await mailed()).toHaveLength(2);
  });

  it('mails the same notification to each of two mail channels', async () => {
    const [other] = await database.handle.db
      .insert(pushSubscriptions)
      .values({ userId, kind: 'email', endpoint: 'mailto:ada+2@example.org', token: 'email' })
      .returning({ id: pushSubscriptions.id });
    const before = (await mailed()).length;
    const message = reminder(randomUUID());
    await sender.send(target, message);
    await sender.send({ ...target, id: other!.id }, message);
    expect(await mailed()).toHaveLength(before + 2);
  });
});
