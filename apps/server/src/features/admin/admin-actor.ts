/**
 * Who acts on the instance: an administrator proven by their token (AdminService.adminOf), or the
 * operator at the host's shell (the CLI over the control socket). Only those two make one, so a
 * router cannot reach an admin operation without the check.
 */
export interface AdminActor {
  readonly name: string;
  /** The administrator's own account (they may not disable or delete it); none for the CLI. */
  readonly userId: string | undefined;
  readonly [ADMIN]: true;
}

declare const ADMIN: unique symbol;

/** How the CLI's actions are recorded (decision 284). */
export const OPERATOR_ACTOR_NAME = 'operator (CLI)';

export function makeActor(name: string, userId: string | undefined): AdminActor {
  return { name, userId } as AdminActor;
}

/**
 * An administrator is an ordinary account whose address is in ADMIN_EMAILS *and* verified, and
 * not disabled (decision 280): whoever registers an administrator's address without proving it
 * (account pre-hijacking, decision 219) gets no rights.
 */
export function isAdministrator(
  adminEmails: readonly string[],
  user: { email: string; emailVerifiedAt: Date | null; disabledAt: Date | null },
): boolean {
  return adminEmails.includes(user.email) && user.emailVerifiedAt !== null && user.disabledAt === null;
}
