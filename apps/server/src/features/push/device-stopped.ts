import { pushPayloadOf } from '@medrem/contract';
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/database';
import type { RealtimeHub } from '../notifications/live/live-hub';
import { NotificationRepository } from '../notifications/notification.repository';
import { toNotification } from '../notifications/notification.service';
import { DeliveryChannelRepository } from './delivery-channel.repository';
import { translate } from '../../i18n/server-catalogs';
import { SOURCE_LANGUAGE, type TextLanguage, textLanguageOf } from '../../i18n/server-language';
import { effectiveSettingsOf } from '../settings/effective-settings';
import { SettingsRepository } from '../settings/settings.repository';
import { deviceLabel } from './device-label';
import { PushOutboxRepository } from './push-outbox.repository';
import type { PushSubscriptionRow } from './push-subscription.repository';

const dayOf = (at: Date, language: TextLanguage) =>
  at.toLocaleDateString(language.locale === 'en' ? 'en-US' : language.locale, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** The notice's words for one removed device, in its owner's language (decision 364). */
export function stoppedNotice(
  device: PushSubscriptionRow,
  language: TextLanguage = SOURCE_LANGUAGE,
): { title: string; message: string } {
  return {
    title: translate(language.locale, 'push.deviceStoppedTitle'),
    message: translate(language.locale, 'push.deviceStoppedBody', {
      device: deviceLabel(device),
      date: dayOf(device.createdAt, language),
    }),
  };
}

/**
 * Tells the owners of devices that their push service reported gone (404/410), now removed
 * (decision 234): a notification in the app (the bell, and open tabs at once), and, for an owner
 * with a mail channel, the same words by mail through that channel's outbox (its sender mails only
 * a verified address). Only browser and app devices: a channel is never removed for an answer.
 */
export async function tellDevicesStopped(
  deps: {
    db: Database;
    realtime: RealtimeHub;
    now: Date;
    leaseMs: number;
    queuePush: (leaseId: string) => Promise<void>;
  },
  removed: PushSubscriptionRow[],
): Promise<void> {
  const devices = removed.filter((d) => d.kind === 'webpush' || d.kind === 'fcm');
  if (devices.length === 0) return;
  const owners = [...new Set(devices.map((d) => d.userId))];
  const languages = new Map(
    (await new SettingsRepository(deps.db).findMany(owners)).map((row) => [
      row.userId,
      textLanguageOf(effectiveSettingsOf(row)),
    ]),
  );
  const rows = devices.map((d) => ({
    id: randomUUID(),
    userId: d.userId,
    type: 'generic',
    ...stoppedNotice(d, languages.get(d.userId)),
    medicineName: null,
    link: null,
    createdAt: deps.now,
    isRead: false,
  }));
  const mailChannels = await new DeliveryChannelRepository(deps.db).mailChannelsOf([
    ...new Set(rows.map((r) => r.userId)),
  ]);
  const outbox = rows.flatMap((row) =>
    mailChannels
      .filter((c) => c.userId === row.userId)
      .map((c) => {
        const tag = `stopped-${row.id.replaceAll('-', '').slice(0, 24)}`;
        const payload = pushPayloadOf({
          id: row.id,
          type: 'generic',
          title: row.title,
          body: row.message,
          tag,
          navigate: '/settings',
          createdAt: row.createdAt.toISOString(),
          actions: [],
        });
        return { userId: row.userId, subscriptionId: c.id, payload, topic: tag };
      }),
  );
  const leaseId = randomUUID();
  await deps.db.transaction(async (tx) => {
    await new NotificationRepository(tx).insertMany(rows);
    await new PushOutboxRepository(tx).insert(outbox, leaseId, new Date(deps.now.getTime() + deps.leaseMs));
  });
  if (outbox.length > 0) await deps.queuePush(leaseId);
  await deps.realtime.publishMany(rows.map((r) => ({ userId: r.userId, notification: toNotification(r) })));
}
