import type { Database } from '../db/database';
import { createAccessTokenSigner } from '../lib/access-token-signer';
import type { AttemptCounter } from '../lib/attempt-counter';
import type { Clock } from '../lib/clock';
import { argon2idHasher, type PasswordHasher } from '../lib/password-hasher';
import { IdempotencyService } from '../features/idempotency/idempotency.service';
import { IdempotentWriteRepository } from '../features/idempotency/idempotent-write.repository';
import { DoseRecordRepository } from '../features/medicines/dose-record.repository';
import { DoseTickService } from '../features/medicines/dose-tick.service';
import { MedicineRepository } from '../repositories/medicine.repository';
import { NotificationRepository } from '../repositories/notification.repository';
import { PushSubscriptionRepository } from '../repositories/push-subscription.repository';
import { SessionRepository } from '../repositories/session.repository';
import { SettingsRepository } from '../repositories/settings.repository';
import { UserRepository } from '../repositories/user.repository';
import { PushFeature, type PushKeys } from '../reminders/push-feature';
import { ReminderScheduler } from '../reminders/scheduler';
import { AuthService, type LoginThrottlePolicy } from './auth.service';
import { MedicineService } from './medicine.service';
import { NotificationService } from './notification.service';
import { type EffectiveSettings, SettingsService } from './settings.service';
import { UserService } from './user.service';

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
    doses: new DoseRecordRepository(deps.db),
    idempotentWrites: new IdempotentWriteRepository(deps.db),
  };
  const { clock } = deps;
  const idempotency = new IdempotencyService({ writes: repositories.idempotentWrites, clock });
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
  const doseTicks = new DoseTickService({
    medicines: repositories.medicines,
    doses: repositories.doses,
    idempotency,
    settings,
    clock,
    reminders: reminderSchedule,
  });
  const notifications = new NotificationService({
    notifications: repositories.notifications,
    idempotency,
    clock,
  });
  const push = new PushFeature({
    db: deps.db,
    clock,
    medicines: repositories.medicines,
    doses: repositories.doses,
    idempotency,
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
  return {
    repositories,
    auth,
    settings,
    medicines,
    doseTicks,
    notifications,
    users,
    push,
    reminderSchedule,
    clock,
  };
}

export type Services = ReturnType<typeof createServices>;
