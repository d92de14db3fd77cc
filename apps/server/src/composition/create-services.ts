import type { Database } from '../db/database';
import { AccessTokenRepository } from '../features/access-tokens/access-token.repository';
import { InstanceSettingsRepository } from '../features/admin/instance-settings.repository';
import { SignupInvitationRepository } from '../features/admin/signup-invitation.repository';
import { ActivityService } from '../features/activity/activity.service';
import { SessionRepository } from '../features/auth/session.repository';
import { IdempotencyService } from '../features/idempotency/idempotency.service';
import { IdempotentWriteRepository } from '../features/idempotency/idempotent-write.repository';
import { AsNeededRepository } from '../features/medicines/as-needed.repository';
import { DoseRecordRepository } from '../features/medicines/dose-record.repository';
import { MedicineRepository } from '../features/medicines/medicine.repository';
import { PackRepository } from '../features/packs/pack.repository';
import { PlanChangeRepository } from '../features/medicines/plan-change.repository';
import type { MedicineWriteScope } from '../features/medicines/medicine-write-scope';
import { RefillRepository } from '../features/medicines/refill.repository';
import { NotificationRepository } from '../features/notifications/notification.repository';
import { PushSubscriptionRepository } from '../features/push/push-subscription.repository';
import { ReportService } from '../features/reports/report.service';
import { CalendarFeedRepository } from '../features/calendar/calendar-feed.repository';
import { CalendarFeedService } from '../features/calendar/calendar-feed.service';
import { CareRepository } from '../features/care/care.repository';
import { PasskeyRepository } from '../features/passkeys/passkey.repository';
import { UserIdentityRepository } from '../features/auth/social/user-identity.repository';
import { CareService, type CareWriteScope } from '../features/care/care.service';
import { InvitationTokens } from '../features/care/invitation-tokens';
import { NotificationActionsService } from '../features/reminders/notification-actions.service';
import { ReminderScheduler } from '../features/reminders/reminder-scheduler';
import { SettingsRepository } from '../features/settings/settings.repository';
import { SettingsService, type SettingsWriteScope } from '../features/settings/settings.service';
import { UserRepository } from '../features/users/user.repository';
import { UserService } from '../features/users/user.service';
import { createSocialServices } from '../features/auth/social/social.composition';
import { createPasskeyService } from './create-passkey-services';
import { createAuthServices } from './create-auth-services';
import { createMedicineServices } from './create-medicine-services';
import { createNotificationServices } from './create-notification-services';
import { LocalInvalidationBus } from '../lib/invalidation-bus';
import { PerUserCache } from '../lib/per-user-cache';
import type { EffectiveSettings } from '../features/settings/effective-settings';
import { issueOperatorResetLink } from '../features/account/operator-reset-link';
import { EmailChangeService } from '../features/account/email-change.service';
import { createMailServices, createPasswordReset } from './create-mail-services';
import type { ServiceDependencies } from './service-dependencies';
import { SignupPolicyService } from '../features/admin/signup-policy.service';
import { NO_OPERATOR, createAdminServices } from './create-admin-services';
import { createJournalServices } from '../features/journal/journal.composition';
import { TwoFactorRepository } from '../features/two-factor/two-factor.repository';

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
    twoFactor: new TwoFactorRepository(db),
    planChanges: new PlanChangeRepository(db),
    packs: new PackRepository(db),
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
    planChanges: new PlanChangeRepository(tx),
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
  // The account's activity record (decision 294): the services below record into it.
  const activity = new ActivityService({
    db,
    clock,
    mail,
    onError: (error) => (deps.log ?? console).warn(`An activity entry was not recorded: ${String(error)}`),
  });
  const operator = deps.operator ?? NO_OPERATOR;
  // Who may make an account: SIGNUPS until an administrator stores a policy (decision 282).
  const signups = new SignupPolicyService({
    settings: new InstanceSettingsRepository(db),
    clock,
    initial: operator.signups,
  });
  const { accessTokens, auth, twoFactor } = createAuthServices(deps, {
    users: repositories.users,
    sessions: repositories.sessions,
    personalTokens: repositories.personalTokens,
    twoFactor: repositories.twoFactor,
    settings,
    activity,
    signups,
    emailVerification,
    productName: mail.brand.productName,
    invalidations,
    userCache: USER_CACHE,
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
    activity,
  });
  const social = createSocialServices({
    db: deps.db,
    clock,
    users: repositories.users,
    auth,
    settings: deps.social,
    log: deps.log ?? console,
    careChangesOf: (tx) => reminderSchedule.within(tx),
    admitNewAccount: (email) => signups.admitProviderAccount(email, new SignupInvitationRepository(db)),
  });
  const { medicines, medicineLife, packs, cabinet, gtinMappings, doses, skips, postponements } =
    createMedicineServices({
      db,
      clock,
      repositories,
      settings,
      idempotency,
      transaction,
      scopeOf,
      reminderSchedule,
    });
  const journal = createJournalServices({
    db,
    clock,
    idempotency,
    settings,
    medicines: repositories.medicines,
    doses: repositories.doses,
    changes: reminderSchedule,
    invalidations,
    userCache: USER_CACHE,
  });
  const reports = new ReportService({
    ...repositories,
    settings,
    clock,
    journal: { types: journal.measurements, measurements: journal.repository, entries: journal.entries },
  });
  const calendarFeeds = new CalendarFeedService({
    feeds: repositories.calendarFeeds,
    medicines: repositories.medicines,
    settings,
    clock,
    activity,
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
    activity,
  });
  const { notifications, live, push, deliveryChannels } = createNotificationServices(deps, {
    notifications: repositories.notifications,
    pushSubscriptions: repositories.pushSubscriptions,
    idempotency,
  });
  const notificationActions = new NotificationActionsService({
    tokens: deps.push.tokens,
    users: repositories.users,
    doses,
    skips,
    postpones: postponements,
    settings,
    scheduler: reminderSchedule,
    clock,
  });
  const users = new UserService({
    ...repositories,
    accountLinks: {
      passkeys: new PasskeyRepository(db),
      identities: new UserIdentityRepository(db),
      care: new CareRepository(db),
      calendarFeeds: repositories.calendarFeeds,
    },
    journal,
    settings,
    auth,
    push,
    clock,
    beforeAccountDeleted: (userId, log) => social.methods.revokeAll(userId, log),
    activity,
  });
  const passwordReset = createPasswordReset(deps, {
    mail,
    auth,
    labelOf: (provider) => social.signIn.labelOf(provider),
    activity,
  });
  const { admin, invitations } = createAdminServices({
    db,
    clock,
    operator,
    signups,
    users: repositories.users,
    scheduler: reminderSchedule,
    forgetCaller: (userId) => auth.forgetCaller(userId),
    mailResetLink: (email) => passwordReset.mailLink(email),
    removeAccount: (userId, log) => users.removeAccount(userId, log),
    mail,
    limits: mailLimits,
  });
  const passkeys = createPasskeyService(deps, repositories.users, auth, activity);
  return {
    repositories,
    signups,
    admin,
    invitations,
    mail,
    mailHealth,
    passwordReset,
    /** `npm run reset-password` asks the server holding the embedded database (control socket). */
    operatorResetLink: (email: string) =>
      issueOperatorResetLink(db, { email, publicUrl: deps.mail.publicUrl, now: clock.now() }),
    auth,
    twoFactor,
    accessTokens,
    activity,
    passkeys,
    emailVerification,
    emailChange,
    social,
    settings,
    medicines,
    medicineLife,
    postponements,
    packs,
    cabinet,
    gtinMappings,
    doses,
    skips,
    reports,
    calendarFeeds,
    care,
    journal,
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
