import type { AdminAccount, AdminActionKind, AdminActionView, SignupPolicy } from '@medrem/contract';
import type { AccountSummaryRow, AdminRepository } from './admin.repository';
import { badRequest, forbidden, notFound, unauthorized } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { InTransaction } from '../../db/in-transaction';
import type { OperationLog } from '../../lib/operation-log';
import type { Caller } from '../auth/caller';
import type { SessionRepository } from '../auth/session.repository';
import type { UserRepository, UserRow } from '../users/user.repository';
import { type AdminActor, OPERATOR_ACTOR_NAME, isAdministrator, makeActor } from './admin-actor';
import type { SignupPolicyService } from './signup-policy.service';
import type { InstanceSettingsRepository } from './instance-settings.repository';

/** What disabling writes, over one transaction: the flag, the sessions and tokens, the reminders, the record. */
export interface AdminWriteScope {
  admin: AdminRepository;
  sessions: SessionRepository;
  settings: InstanceSettingsRepository;
  /** Stops the account's reminders in this transaction (decision 281). */
  pauseReminders: (userId: string) => Promise<void>;
}

/**
 * The operator's work on accounts (issue 57): list them, disable and re-enable, mail a reset link,
 * delete, set the sign-up policy; every action recorded (decision 284). Each operation takes an
 * AdminActor, which only `adminOf` (a verified administrator's token) and `operator` (the CLI on
 * the host) make.
 */
export class AdminService {
  constructor(
    private readonly deps: {
      users: UserRepository;
      admin: AdminRepository;
      signups: SignupPolicyService;
      transaction: InTransaction<AdminWriteScope>;
      clock: Clock;
      adminEmails: readonly string[];
      invitesByUsers: boolean;
      /** Every process forgets what it remembered of the account's tokens (decision 131). */
      forgetCaller: (userId: string) => Promise<void>;
      /** Rebuilds the account's reminders after it is enabled again. */
      resumeReminders: (userId: string) => Promise<void>;
      /** The reset mail "Forgot password?" sends. */
      mailResetLink: (email: string) => Promise<void>;
      /** The account deletion path every deletion takes (users feature). */
      removeAccount: (userId: string, log?: OperationLog) => Promise<boolean>;
    },
  ) {}

  /** The caller as an administrator; 403 for anyone else (an unverified listed address too). */
  async adminOf(caller: Caller): Promise<AdminActor> {
    const user = await this.deps.users.findById(caller.userId);
    if (!user) throw unauthorized();
    if (!this.isAdmin(user)) throw forbidden('Only an administrator of this server may do this.');
    return makeActor(user.email, user.id);
  }

  /** The operator at the host's shell (the CLI, over the control socket). */
  operator(): AdminActor {
    return makeActor(OPERATOR_ACTOR_NAME, undefined);
  }

  isAdmin(user: Pick<UserRow, 'email' | 'emailVerifiedAt' | 'disabledAt'>): boolean {
    return isAdministrator(this.deps.adminEmails, user);
  }

  /** What the caller may do for the instance (the account menu's link, the invite form). */
  async roles(caller: Caller): Promise<{ admin: boolean; mayInvite: boolean }> {
    const user = await this.deps.users.findById(caller.userId);
    if (!user) throw unauthorized();
    const admin = this.isAdmin(user);
    const mayInvite =
      admin || (this.deps.invitesByUsers && user.emailVerifiedAt !== null && user.disabledAt === null);
    return { admin, mayInvite };
  }

  async accounts(
    _actor: AdminActor,
    input: { query?: string | undefined; page: number; pageSize: number },
  ): Promise<{ accounts: AdminAccount[]; total: number; page: number; pageSize: number }> {
    const { rows, total } = await this.deps.admin.listAccounts({
      query: input.query || undefined,
      offset: (input.page - 1) * input.pageSize,
      limit: input.pageSize,
    });
    return { accounts: rows.map((row) => this.view(row)), total, page: input.page, pageSize: input.pageSize };
  }

  /** The account of an address (the CLI names accounts by address); 404 when none has it. */
  async idOf(email: string): Promise<string> {
    const user = await this.deps.users.findByEmail(email.trim().toLowerCase());
    if (!user) throw notFound(`No account has the address ${email}.`);
    return user.id;
  }

  /**
   * Disables the account: its sessions end and its access tokens stop working at once in every
   * process (token version + the caller caches), its sign-in is refused, its reminders stop.
   */
  async disable(actor: AdminActor, id: string): Promise<UserRow> {
    const user = await this.target(actor, id, 'disable');
    await this.deps.transaction(async (scope) => {
      await scope.admin.disable(user.id, this.deps.clock.now());
      await scope.sessions.revokeAllExcept(user.id, undefined);
      await scope.pauseReminders(user.id);
      await this.record(scope.admin, actor, 'disable', user.email);
    });
    await this.deps.forgetCaller(user.id);
    return user;
  }

  async enable(actor: AdminActor, id: string): Promise<UserRow> {
    const user = await this.target(actor, id);
    await this.deps.transaction(async (scope) => {
      await scope.admin.enable(user.id);
      await this.record(scope.admin, actor, 'enable', user.email);
    });
    await this.deps.forgetCaller(user.id);
    await this.deps.resumeReminders(user.id);
    return user;
  }

  async sendPasswordReset(actor: AdminActor, id: string): Promise<UserRow> {
    const user = await this.target(actor, id);
    await this.deps.mailResetLink(user.email);
    await this.record(this.deps.admin, actor, 'password-reset', user.email);
    return user;
  }

  /** Deletes the account once its address was typed again; never the acting administrator's own. */
  async deleteAccount(
    actor: AdminActor,
    id: string,
    confirmEmail: string,
    log?: OperationLog,
  ): Promise<UserRow> {
    const user = await this.target(actor, id, 'delete');
    if (confirmEmail.trim().toLowerCase() !== user.email) {
      throw badRequest(`The address typed is not this account's. Type ${user.email} to delete it.`);
    }
    if (!(await this.deps.removeAccount(user.id, log))) throw notFound('No account has this id.');
    await this.record(this.deps.admin, actor, 'delete', user.email);
    return user;
  }

  async signups(_actor: AdminActor) {
    return { ...(await this.deps.signups.current()), invitesByUsers: this.deps.invitesByUsers };
  }

  async setSignups(actor: AdminActor, policy: SignupPolicy): Promise<void> {
    await this.deps.transaction(async (scope) => {
      await this.deps.signups.set(policy, scope.settings);
      await this.record(scope.admin, actor, 'signups', policy);
    });
  }

  async actions(
    _actor: AdminActor,
    input: { page: number; pageSize: number },
  ): Promise<{ actions: AdminActionView[]; total: number }> {
    const { rows, total } = await this.deps.admin.listActions(
      (input.page - 1) * input.pageSize,
      input.pageSize,
    );
    return {
      actions: rows.map((row) => ({
        id: row.id,
        actor: row.actor,
        action: row.action as AdminActionKind,
        target: row.target,
        at: row.at.toISOString(),
      })),
      total,
    };
  }

  /** Records an action done elsewhere (an invitation, in SignupInvitationService). */
  async recordAction(admin: AdminRepository, actor: AdminActor, action: AdminActionKind, target: string) {
    await this.record(admin, actor, action, target);
  }

  private async record(admin: AdminRepository, actor: AdminActor, action: AdminActionKind, target: string) {
    await admin.record({ actor: actor.name, action, target, at: this.deps.clock.now() });
  }

  private async target(
    actor: AdminActor,
    id: string,
    selfForbidden?: 'disable' | 'delete',
  ): Promise<UserRow> {
    if (selfForbidden && actor.userId === id) {
      throw badRequest(`You cannot ${selfForbidden} your own account: ask another administrator.`);
    }
    const user = await this.deps.users.findById(id);
    if (!user) throw notFound('No account has this id.');
    return user;
  }

  private view(row: AccountSummaryRow): AdminAccount {
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      createdAt: row.createdAt.toISOString(),
      lastActiveAt: row.lastLogin?.toISOString() ?? null,
      emailVerified: row.emailVerifiedAt !== null,
      twoFactorEnabled: row.twoFactorOn,
      // Profiles are another part of issue 57: the field is kept for it.
      profiles: 1,
      disabled: row.disabledAt !== null,
      admin: this.isAdmin(row),
    };
  }
}
