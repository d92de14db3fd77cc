import { SIGNUP_INVITATION_DAYS } from '@medrem/contract';
import type { InTransaction } from '../../db/in-transaction';
import { SOURCE_LANGUAGE, textLanguageOf } from '../../i18n/server-language';
import { forbidden } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { MailRequestLimits } from '../account/mail-request-limits';
import type { Caller } from '../auth/caller';
import type { MailBrand } from '../mail/mail-layout';
import type { MailOutbox } from '../mail/mail.port';
import { effectiveSettingsOf } from '../settings/effective-settings';
import type { SettingsRepository } from '../settings/settings.repository';
import type { UserRepository } from '../users/user.repository';
import type { AdminActor } from './admin-actor';
import type { AdminRepository } from './admin.repository';
import type { AdminService } from './admin.service';
import { invitationMail } from './invitation-mail';
import type { SignupInvitationRepository } from './signup-invitation.repository';

const INVITATION_TTL_MS = SIGNUP_INVITATION_DAYS * 86_400_000;

/** An invitation's writes, over one transaction: the account check, the invitation, its mail, the record. */
export interface InvitationScope {
  users: UserRepository;
  invitations: SignupInvitationRepository;
  outbox: MailOutbox;
  admin: AdminRepository;
  /** The inviter's settings: the mail is written in their language (decision 364). */
  settings: SettingsRepository;
}

/**
 * Invitations to register (decision 283): an administrator sends them, and so does any account with
 * a verified address when SIGNUP_INVITES_BY_USERS=true (limited per inviter and IP like other mail
 * a request causes). The invitation and its mail commit together; an address that has an account
 * gets nothing, with the same answer.
 */
export class SignupInvitationService {
  constructor(
    private readonly deps: {
      admin: AdminService;
      transaction: InTransaction<InvitationScope>;
      limits: MailRequestLimits;
      clock: Clock;
      brand: MailBrand;
    },
  ) {}

  async invite(caller: Caller, email: string, ip: string): Promise<void> {
    const roles = await this.deps.admin.roles(caller);
    if (!roles.mayInvite) throw forbidden('Only an administrator of this server may send invitations.');
    if (roles.admin) {
      const actor = await this.deps.admin.adminOf(caller);
      await this.send({ name: actor.name, userId: caller.userId }, email, actor);
      return;
    }
    await this.deps.limits.take('invite', caller.email, ip);
    await this.send({ name: caller.email, userId: caller.userId }, email, undefined);
  }

  /** The CLI's `admin -- invite EMAIL`. */
  async inviteAsOperator(actor: AdminActor, email: string): Promise<void> {
    await this.send(undefined, email, actor);
  }

  /** `inviter` undefined: the operator at the shell, who has no account (so no language: English). */
  private async send(
    inviter: { name: string; userId: string } | undefined,
    email: string,
    actor: AdminActor | undefined,
  ): Promise<void> {
    const now = this.deps.clock.now();
    const invitedBy = inviter?.name ?? 'The administrator of this server';
    await this.deps.transaction(async (scope) => {
      if (await scope.users.findByEmail(email)) return;
      const token = await scope.invitations.issue({ email, invitedBy, now, ttlMs: INVITATION_TTL_MS });
      const language = inviter
        ? textLanguageOf(effectiveSettingsOf(await scope.settings.find(inviter.userId)))
        : SOURCE_LANGUAGE;
      const mail = { to: email, invitedBy: inviter?.name ?? null, token };
      await scope.outbox.enqueue(invitationMail(mail, this.deps.brand, language));
      if (actor) await this.deps.admin.recordAction(scope.admin, actor, 'invite', email);
    });
  }
}
