import type { IdempotencyService } from '../features/idempotency/idempotency.service';
import { RealtimeHub } from '../features/notifications/live/live-hub';
import type { NotificationRepository } from '../features/notifications/notification.repository';
import { NotificationService } from '../features/notifications/notification.service';
import { ChannelEndpointPolicy } from '../features/push/channel-endpoints';
import { DeliveryChannelsService } from '../features/push/delivery-channels.service';
import type { PushSubscriptionRepository } from '../features/push/push-subscription.repository';
import { PushService } from '../features/push/push.service';
import type { ServiceDependencies } from './service-dependencies';

/**
 * What reaches the person's screens and devices: stored notifications and their live stream to open
 * tabs, push subscriptions, and the delivery channels with their status and test reminder.
 */
export function createNotificationServices(
  deps: Pick<ServiceDependencies, 'db' | 'clock' | 'push'>,
  parts: {
    notifications: NotificationRepository;
    pushSubscriptions: PushSubscriptionRepository;
    idempotency: IdempotencyService;
  },
) {
  const { db, clock } = deps;
  const { idempotency } = parts;
  const notifications = new NotificationService({
    notifications: parts.notifications,
    idempotency,
    clock,
  });
  const live = new RealtimeHub();
  // Every stored notification reaches the user's open tabs (the engine publishes its own batches).
  notifications.onCreated(
    (userId, notification) => void live.publish(userId, notification).catch(() => undefined),
  );
  const push = new PushService({
    subscriptions: parts.pushSubscriptions,
    vapidPublicKey: deps.push.vapidPublicKey,
    endpoints: deps.push.endpoints,
    fcmConfigured: deps.push.fcmConfigured,
  });
  // Devices and channels with their delivery status, and the test reminder (issue 53).
  const deliveryChannels = new DeliveryChannelsService({
    db,
    clock,
    policy: deps.push.channels ?? new ChannelEndpointPolicy(),
    realtime: live,
  });
  return { notifications, live, push, deliveryChannels };
}
