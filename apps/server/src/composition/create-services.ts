import type { Database } from '../db/database';
import { AccessTokenRepository, type TokenGrant } from '../features/access-tokens/access-token.repository';
import { AccessTokenService } from '../features/access-tokens/access-token.service';
import { AuthService } from '../features/auth/auth.service';
import { SessionRepository } from '../features/auth/session.repository';
import { IdempotencyService } from '../features/idempotency/idempotency.service';
import { IdempotentWriteRepository } from '../features/idempotency/idempotent-write.repository';
import { DayWriteRepository } from '../features/medicines/day-write.repository';
import { AsNeededRepository } from '../features/medicines/as-needed.repository';
import { DoseRecordRepository } from '../features/medicines/dose-record.repository';
import { DoseRecordService } from '../features/medicines/dose-record.service';
import { DoseSkipService } from '../features/medicines/dose-skip.service';
import { MedicineRepository } from '../features/medicines/medicine.repository';
import { MedicineService } from '../features/medicines/medicine.service';
import type { MedicineWriteScope } from '../features/medicines/medicine-write-scope';
import { RefillRepository } from '../features/medicines/refill.repository';
import { RealtimeHub } from '../features/notifications/live/live-hub';
import { NotificationRepository } from '../features/notifications/notification.repository';
import { NotificationService } from '../features/notifications/notification.service';
import { PushSubscriptionRepository } from '../features/push/push-subscription.repository';
import { PushService } from '../features/push/push.service';
import { ChannelEndpointPolicy } from '../features/push/channel-endpoints';
import { DeliveryChannelsService } from '../features/push/delivery-channels.service';
import { ReportService } from '../features/reports/report.service';
import { CalendarFeedRepository } from '../features/calendar/calendar-feed.repository';
import { CalendarFeedService } from '../features/calendar/calendar-feed.service';
import { CareRepository } from '../features/care/care.repository';
import { CareService, type CareWriteScope } from '../features/care/care.service';
import { InvitationTokens } from '../features/care/invitation-tokens';
import { NotificationActionsService } from '../features/reminders/notification-actions.service';
import { ReminderScheduler } from '../features/reminders/reminder-scheduler';
import { SettingsRepository } from '../features/settings/settings.repository';
import { SettingsService, type SettingsWriteScope } from '../features/settings/settings.service';
import { UserRepository } from '../features/users/user.repository';
import { UserService } from '../features/users/user.service';
import { createSocialServices } from '../features/auth/social/social.composition';
import { createAccessTokenSigner } from '../lib/access-token-signer';
import { argon2idHasher } from '../lib/password-hasher';
import { LocalInvalidationBus } from '../lib/invalidation-bus';
import { PerUserCache } from '../lib/per-user-cache';
import type { KnownCaller } from '../features/auth/caller';
import type { EffectiveSettings } from '../features/settings/effective-settings';
import { issueOperatorResetLink } from '../features/account/operator-reset-link';
import { EmailChangeService } from '../features/account/email-change.service';
import { createMailServices, createPasswordReset } from './create-mail-services';
import type { ServiceDependencies } from './service-dependencies';

/** Per-process caches of per-user facts read on most requests (decision 131). */
const USER_CACHE = { ttlMs: 60_000, maxEntries: 20_000 };

/**
 * The composition root of the domain: repositories over the database, services over them. The
 * reminder scheduler implements the change listeners that the medicines and settings features
 * declare, so dependencies run one way (reminders → medicines, settings), never back.
 */
export function createServices(deps: ServiceDependencies) {
  const { db, clock } = deps;
  const repositories = {
    users: new UserRepository(db),
    sessions: new SessionRepository(db),
    settings: new SettingsRepository(db),
    medicines: new MedicineRepository(db),
    doses: new DoseRecordRepository(db),
    asNeeded: new AsNeededRepository(db),
    refills: new RefillRepository(db),
    notifications: new NotificationRepository(db),
    pushSubscriptions: new PushSubscriptionRepository(db),
    idempotentWrites: new IdempotentWriteRepository(db),
    calendarFeeds: new CalendarFeedRepository(db),
    personalTokens: new AccessTokenRepository(db),
  };
  // Writes an offline queue may replay apply once per key (decision 071).
  const idempotency = new IdempotencyService({ writes: repositories.idempotentWrites, clock });
  const reminderSchedule = new ReminderScheduler({ db, clock });
  // One transaction scope for every service that writes and reschedules: repositories and the
  // scheduler built over the same transaction, so the write and its reminders commit together.
  const scopeOf = (tx: Database) => ({
    medicines: new MedicineRepository(tx),
    doses: new DoseRecordRepository(tx, { inTransaction: true }),
    asNeeded: new AsNeededRepository(tx),
    refills: new RefillRepository(tx),
    settings: new SettingsRepository(tx),
    changes: reminderSchedule.within(tx),
  });
  const transaction = <T>(work: (scope: MedicineWriteScope & SettingsWriteScope) => Promise<T>): Promise<T> =>
    db.transaction((tx) => work(scopeOf(tx)));
  const invalidations = deps.invalidations ?? new LocalInvalidationBus();
  const settings = new SettingsService({
    ...repositories,
    clock,
    transaction,
    cache: new PerUserCache<EffectiveSettings>('settings', invalidations, USER_CACHE),
  });
  const { mail, mailHealth, mailLimits, emailVerification } = createMailServices(deps, repositories.users);
  const callers = new PerUserCache<KnownCaller | null>('caller', invalidations, USER_CACHE);
  // Personal tokens (decision 266): found by hash, forgotten with their owner's `caller` entry.
  const accessTokens = new AccessTokenService({
    tokens: repositories.personalTokens,
    clock,
    grants: new PerUserCache<TokenGrant | null>('pat', invalidations, {
      ...USER_CACHE,
      owner: { cache: 'caller', of: (grant) => grant?.userId },
    }),
    forgetOwner: (userId) => callers.forget(userId),
    onTouchError: (error) =>
      (deps.log ?? console).warn(`A personal token's last use was not recorded: ${String(error)}`),
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
    callers,
    personalTokens: accessTokens,
    // The account and its verification mail commit together (decision 208).
    registerUser: (values) =>
      db.transaction(async (tx) => {
        const row = await new UserRepository(tx).insert(values);
        if (row) await emailVerification.sendLink(tx, row);
        return row;
      }),
    requireEmailVerification: deps.mail.requireEmailVerification,
  });
  const emailChange = new EmailChangeService({
    db,
    users: repositories.users,
    auth,
    clock,
    mail,
    limits: mailLimits,
    addressChanged: async (tx, { from, to, now }) => {
      await new CareRepository(tx).readdressOpenInvitations(from, to, now);
    },
  });
  const social = createSocialServices({
    db: deps.db,
    clock,
    users: repositories.users,
    auth,
    settings: deps.social,
    log: deps.log ?? console,
    careChangesOf: (tx) => reminderSchedule.within(tx),
  });
  const medicines = new MedicineService({
    medicines: repositories.medicines,
    asNeeded: repositories.asNeeded,
    refills: repositories.refills,
    settings,
    clock,
    idempotency,
    transaction,
    scopeOf,
  });
  const doseDeps = {
    medicines: repositories.medicines,
    doses: repositories.doses,
    settings,
    clock,
    idempotency,
    scopeOf,
    days: new DayWriteRepository(db),
    changes: reminderSchedule,
  };
  const doses = new DoseRecordService(doseDeps);
  const skips = new DoseSkipService({ ...doseDeps, doseRecords: doses });
  const reports = new ReportService({
    medicines: repositories.medicines,
    doses: repositories.doses,
    asNeeded: repositories.asNeeded,
    refills: repositories.refills,
    settings,
    users: repositories.users,
    clock,
  });
  const calendarFeeds = new CalendarFeedService({
    feeds: repositories.calendarFeeds,
    medicines: repositories.medicines,
    settings,
    clock,
  });
  const care = new CareService({
    care: new CareRepository(db),
    users: repositories.users,
    medicines: repositories.medicines,
    doses: repositories.doses,
    asNeeded: repositories.asNeeded,
    settings,
    tokens: new InvitationTokens(deps.jwtSecret),
    clock,
    // The care change and the caregiver-alert rows it implies commit together.
    transaction: <T>(work: (scope: CareWriteScope) => Promise<T>) =>
      db.transaction((tx) =>
        work({ care: new CareRepository(tx), changes: reminderSchedule.within(tx), mail: mail.outboxOf(tx) }),
      ),
    brand: mail.brand,
  });
  const notifications = new NotificationService({
    notifications: repositories.notifications,
    idempotency,
    clock,
  });
  const live = new RealtimeHub();
  // Every stored notification reaches the user's open tabs (the engine publishes its own batches).
  notifications.onCreated(
    (userId, notification) => void live.publish(userId, notification).catch(() => undefined),
  );
  const push = new PushService({
    subscriptions: repositories.pushSubscriptions,
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
  const notificationActions = new NotificationActionsService({
    tokens: deps.push.tokens,
    users: repositories.users,
    doses,
    skips,
    settings,
    scheduler: reminderSchedule,
    clock,
  });
  const users = new UserService({
    ...repositories,
    settings,
    auth,
    push,
    clock,
    beforeAccountDeleted: (userId, log) => social.methods.revokeAll(userId, log),
  });
  const passwordReset = createPasswordReset(deps, {
    mail,
    auth,
    labelOf: (provider) => social.signIn.labelOf(provider),
  });
  return {
    repositories,
    mail,
    mailHealth,
    passwordReset,
    /** `npm run reset-password` asks the server holding the embedded database (control socket). */
    operatorResetLink: (email: string) =>
      issueOperatorResetLink(db, { email, publicUrl: deps.mail.publicUrl, now: clock.now() }),
    auth,
    accessTokens,
    emailVerification,
    emailChange,
    social,
    settings,
    medicines,
    doses,
    skips,
    reports,
    calendarFeeds,
    care,
    notifications,
    live,
    users,
    push,
    deliveryChannels,
    notificationActions,
    actionTokens: deps.push.tokens,
    reminderSchedule,
    clock,
  };
}

export type Services = ReturnType<typeof createServices>;
