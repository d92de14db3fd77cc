import { ERROR_REASONS, SIGNUP_POLICIES, type SignupPolicy } from '@medrem/contract';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { InstanceSettingsRepository } from './instance-settings.repository';
import type { SignupInvitationRepository } from './signup-invitation.repository';

export const SIGNUPS_CLOSED_MESSAGE =
  'Sign-ups are closed on this server. Ask its administrator if you need an account.';
export const INVITATION_NEEDED_MESSAGE =
  'This server takes new accounts by invitation only. Open the invitation link mailed to you, and register with the address it was sent to.';
export const INVITATION_UNUSABLE_MESSAGE =
  'This invitation cannot be used: it was used already, has expired, or was sent to another address. Ask for a new one.';

const isPolicy = (value: string | undefined): value is SignupPolicy =>
  (SIGNUP_POLICIES as readonly string[]).includes(value ?? '');

/**
 * Who may make an account (issue 57, decisions 282 and 283). The env's SIGNUPS is the policy until
 * an administrator stores one; the stored one wins from then on, read from the database on each
 * registration, so every process follows a change at once.
 */
export class SignupPolicyService {
  constructor(
    private readonly deps: {
      settings: InstanceSettingsRepository;
      clock: Clock;
      /** SIGNUPS: the initial policy. */
      initial: SignupPolicy;
    },
  ) {}

  /** `settings`: over the caller's transaction when it has one (PGlite has one connection). */
  async current(
    settings = this.deps.settings,
  ): Promise<{ policy: SignupPolicy; source: 'stored' | 'environment' }> {
    const stored = await settings.get('signups');
    return isPolicy(stored)
      ? { policy: stored, source: 'stored' }
      : { policy: this.deps.initial, source: 'environment' };
  }

  async set(policy: SignupPolicy, settings = this.deps.settings): Promise<void> {
    await settings.set('signups', policy, this.deps.clock.now());
  }

  /**
   * A password registration under the policy: `insert` makes the account in the registration's
   * transaction, `invitations` is over that transaction too. Closed, or invite-only without a
   * usable invitation for this very address: refused before anything is written, or rolled back
   * with the account (the invitation's use and the account commit together).
   */
  async register<T>(
    input: { email: string; invitation: string | undefined },
    scope: { invitations: SignupInvitationRepository; settings: InstanceSettingsRepository },
    insert: () => Promise<T | undefined>,
  ): Promise<T | undefined> {
    const { invitations } = scope;
    const { policy } = await this.current(scope.settings);
    if (policy === 'closed') throw closed();
    if (policy === 'open') return insert();
    if (!input.invitation) throw invitationNeeded(INVITATION_NEEDED_MESSAGE);
    const row = await insert();
    // An address that has an account already: the registration's own 409, the invitation kept.
    if (row === undefined) return undefined;
    if (!(await invitations.use(input.invitation, input.email, this.deps.clock.now()))) {
      throw invitationNeeded(INVITATION_UNUSABLE_MESSAGE);
    }
    return row;
  }

  /**
   * A sign-in provider would make a new account for `email` (it vouched for the address): open
   * lets it, closed refuses, invite-only uses an open invitation mailed to that address.
   */
  async admitProviderAccount(email: string, invitations: SignupInvitationRepository): Promise<void> {
    const { policy } = await this.current();
    if (policy === 'open') return;
    if (policy === 'closed') throw closed();
    if (!(await invitations.useAnyFor(email, this.deps.clock.now()))) {
      throw invitationNeeded(INVITATION_NEEDED_MESSAGE);
    }
  }
}

const closed = () => new AppError('FORBIDDEN', SIGNUPS_CLOSED_MESSAGE, ERROR_REASONS.signupsClosed);
const invitationNeeded = (message: string) =>
  new AppError('FORBIDDEN', message, ERROR_REASONS.invitationRequired);
