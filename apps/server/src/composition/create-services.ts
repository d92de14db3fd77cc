import type { Database } from '../db/database';
import { createAccessTokenSigner } from '../lib/access-token-signer';
import type { AttemptCounter } from '../lib/attempt-counter';
import type { Clock } from '../lib/clock';
import { argon2idHasher, type PasswordHasher } from '../lib/password-hasher';
import { MedicineRepository } from '../features/medicines/medicine.repository';
import { NotificationRepository } from '../features/notifications/notification.repository';
import { PushSubscriptionRepository } from '../features/push/push-subscription.repository';
import { SessionRepository } from '../features/auth/session.repository';
import { SettingsRepository } from '../features/settings/settings.repository';
import { UserRepository } from '../features/users/user.repository';
import { PushFeature, type PushKeys } from '../features/reminders/notification-actions.service';
import { ReminderScheduler } from '../features/reminders/reminder-scheduler';
import { AuthService, type LoginThrottlePolicy } from '../features/auth/auth.service';
import { MedicineService } from '../features/medicines/medicine.service';
import { NotificationService } from '../features/notifications/notification.service';
import { type EffectiveSettings, SettingsService } from '../features/settings/settings.service';
import { UserService } from '../features/users/user.service';

export interface ServiceDependencies {
  db: Database;
  clock: Clock;
  jwtSecret: string;
  failures: AttemptCounter;
  throttle: LoginThrottlePolicy;
  sessionTtlDays: number;
  hasher?: PasswordHasher;
  /** The action-token codec, the VAPID public key and the push endpoint allowlist. */
  push: PushKeys;
}

/** The composition root of the domain: repositories over the database, services over them. */
export function createServices(deps: ServiceDependencies) {
  const repositories = {
    users: new UserRepository(deps.db),
    sessions: new SessionRepository(deps.db),
    settings: new SettingsRepository(deps.db),
    medicines: new MedicineRepository(deps.db),
    notifications: new NotificationRepository(deps.db),
    pushSubscriptions: new PushSubscriptionRepository(deps.db),
  };
  const { clock } = deps;
  // Reminder engine: services tell the scheduler what changed; reads happen at call time.
  const reminderSchedule: ReminderScheduler = new ReminderScheduler({
    db: deps.db,
    clock,
    settingsOf: (id): Promise<EffectiveSettings> => settings.effective(id),
  });
  const settings: SettingsService = new SettingsService({
    ...repositories,
    clock,
    reminders: reminderSchedule,
  });
  const auth = new AuthService({
    users: repositories.users,
    sessions: repositories.sessions,
    settings,
    hasher: deps.hasher ?? argon2idHasher,
    tokens: createAccessTokenSigner(deps.jwtSecret),
    failures: deps.failures,
    clock,
    throttle: deps.throttle,
    sessionTtlDays: deps.sessionTtlDays,
  });
  const medicines = new MedicineService({
    medicines: repositories.medicines,
    settings,
    clock,
    reminders: reminderSchedule,
  });
  const notifications = new NotificationService({ notifications: repositories.notifications, clock });
  const push = new PushFeature({
    db: deps.db,
    clock,
    medicines: repositories.medicines,
    settings,
    hooks: reminderSchedule,
    keys: deps.push,
  });
  // Every stored notification reaches the user's open tabs (the engine publishes its own batches).
  notifications.onCreated(
    (userId, notification) => void push.realtime.publish(userId, notification).catch(() => undefined),
  );
  const users = new UserService({
    ...repositories,
    settings,
    auth,
    clock,
    pushEndpointAllowed: (endpoint) => push.endpointAllowed(endpoint),
  });
  return { repositories, auth, settings, medicines, notifications, users, push, reminderSchedule, clock };
}

export type Services = ReturnType<typeof createServices>;
