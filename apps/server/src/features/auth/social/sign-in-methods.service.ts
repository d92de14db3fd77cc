import type { SignInMethods } from '@medrem/contract';
import { conflict, notFound } from '../../../lib/app-error';
import type { OperationLog } from '../../../lib/operation-log';
import type { UserRepository } from '../../users/user.repository';
import { type Caller, assertSelf } from '../caller';
import type { FirebaseIdTokenVerifier } from './firebase-id-token.verifier';
import type { IdentityProvider, UserIdentityRepository } from './user-identity.repository';

/**
 * The ways a user can sign in (Settings, Profile): a password and linked providers. The last way
 * can never be removed. Unlinking or deleting the account also deletes what this server made at
 * the provider: the Firebase user of the link (the OIDC mode keeps no provider tokens at all).
 */
export class SignInMethodsService {
  constructor(
    private readonly deps: {
      users: UserRepository;
      identities: UserIdentityRepository;
      firebase: FirebaseIdTokenVerifier | undefined;
      labelOf: (provider: IdentityProvider) => string;
      /** The process logger, for calls made outside a request. */
      log: OperationLog;
    },
  ) {}

  async list(caller: Caller, userEmail: string): Promise<SignInMethods> {
    assertSelf(caller, userEmail);
    const [user, links] = await Promise.all([
      this.deps.users.findById(caller.userId),
      this.deps.identities.listForUser(caller.userId),
    ]);
    return {
      hasPassword: user?.passwordHash != null,
      providers: links.map((link) => ({
        provider: link.provider as IdentityProvider,
        label: this.deps.labelOf(link.provider as IdentityProvider),
        email: link.email,
        linkedAt: link.createdAt.toISOString(),
      })),
    };
  }

  /** `log`: the request's, so that a failure at the provider is logged with the request's id. */
  async unlink(
    caller: Caller,
    userEmail: string,
    provider: IdentityProvider,
    log: OperationLog = this.deps.log,
  ): Promise<void> {
    const methods = await this.list(caller, userEmail);
    if (!methods.providers.some((p) => p.provider === provider)) {
      throw notFound(`${this.deps.labelOf(provider)} is not linked to your account.`);
    }
    if (!methods.hasPassword && methods.providers.length === 1) {
      throw conflict(
        `${this.deps.labelOf(provider)} is your only way to sign in. Set a password first, then unlink it.`,
      );
    }
    const removed = await this.deps.identities.delete(caller.userId, provider);
    if (removed) await this.revokeAtProvider(removed.provider as IdentityProvider, removed.subject, log);
  }

  /** Before the account is deleted: every link, and what it holds at the provider. */
  async revokeAll(userId: string, log: OperationLog = this.deps.log): Promise<void> {
    const links = await this.deps.identities.listForUser(userId);
    for (const link of links) {
      await this.deps.identities.delete(userId, link.provider as IdentityProvider);
      await this.revokeAtProvider(link.provider as IdentityProvider, link.subject, log);
    }
  }

  private async revokeAtProvider(
    provider: IdentityProvider,
    subject: string,
    log: OperationLog,
  ): Promise<void> {
    if (provider !== 'firebase' || !this.deps.firebase) return;
    try {
      await this.deps.firebase.deleteUser(subject);
    } catch (error) {
      // The account is gone here either way; say what is left at Firebase for the operator.
      log.warn(`Could not delete Firebase user ${subject}: ${(error as Error).message}`);
    }
  }
}
