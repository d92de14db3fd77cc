import type { Database } from '../db/database';
import type { MailRequestLimits } from '../features/account/mail-request-limits';
import { AdminRepository } from '../features/admin/admin.repository';
import { AdminService } from '../features/admin/admin.service';
import { InstanceSettingsRepository } from '../features/admin/instance-settings.repository';
import { SignupInvitationRepository } from '../features/admin/signup-invitation.repository';
import { SignupInvitationService } from '../features/admin/signup-invitation.service';
import type { SignupPolicyService } from '../features/admin/signup-policy.service';
import { SessionRepository } from '../features/auth/session.repository';
import type { MailBrand } from '../features/mail/mail-layout';
import type { MailOutbox } from '../features/mail/mail.port';
import type { ReminderScheduler } from '../features/reminders/reminder-scheduler';
import { SettingsRepository } from '../features/settings/settings.repository';
import { UserRepository } from '../features/users/user.repository';
import type { Clock } from '../lib/clock';
import type { OperationLog } from '../lib/operation-log';

/** What ADMIN_EMAILS, SIGNUPS and SIGNUP_INVITES_BY_USERS say (config.operator). */
export interface OperatorSettings {
  adminEmails: readonly string[];
  signups: 'open' | 'invite' | 'closed';
  invitesByUsers: boolean;
}

export const NO_OPERATOR: OperatorSettings = { adminEmails: [], signups: 'open', invitesByUsers: false };

/**
 * The operator's services (issue 57): the admin operations over the features they reuse (the
 * sessions' revocation, the reset mail, the one deletion path, the reminder scheduler), and the
 * invitations.
 */
export function createAdminServices(parts: {
  db: Database;
  clock: Clock;
  operator: OperatorSettings;
  signups: SignupPolicyService;
  users: UserRepository;
  scheduler: ReminderScheduler;
  forgetCaller: (userId: string) => Promise<void>;
  mailResetLink: (email: string) => Promise<void>;
  removeAccount: (userId: string, log?: OperationLog) => Promise<boolean>;
  mail: { brand: MailBrand; outboxOf: (db: Database) => MailOutbox };
  limits: MailRequestLimits;
}) {
  const { db, clock, operator } = parts;
  const admin = new AdminService({
    users: parts.users,
    admin: new AdminRepository(db),
    signups: parts.signups,
    transaction: (work) =>
      db.transaction((tx) =>
        work({
          admin: new AdminRepository(tx),
          sessions: new SessionRepository(tx),
          settings: new InstanceSettingsRepository(tx),
          pauseReminders: (userId) => parts.scheduler.within(tx).pauseUser(userId),
        }),
      ),
    clock,
    adminEmails: operator.adminEmails,
    invitesByUsers: operator.invitesByUsers,
    forgetCaller: parts.forgetCaller,
    resumeReminders: (userId) => parts.scheduler.userChanged(userId),
    mailResetLink: parts.mailResetLink,
    removeAccount: parts.removeAccount,
  });
  const invitations = new SignupInvitationService({
    admin,
    transaction: (work) =>
      db.transaction((tx) =>
        work({
          users: new UserRepository(tx),
          invitations: new SignupInvitationRepository(tx),
          outbox: parts.mail.outboxOf(tx),
          admin: new AdminRepository(tx),
          settings: new SettingsRepository(tx),
        }),
      ),
    limits: parts.limits,
    clock,
    brand: parts.mail.brand,
  });
  return { admin, invitations };
}
