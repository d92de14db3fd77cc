import type { PublicUser, SecondStep } from '@medrem/contract';

/**
 * Two-step sign-in as the sign-in paths see it (decision 286). The two-factor feature implements
 * it; auth only asks, so it depends on no other feature.
 */
export interface SecondStepGate {
  /** Whether the account has two-step sign-in on. */
  required(userId: string): Promise<boolean>;
  /** A ticket for the second step (the password was right): no session yet. */
  begin(userId: string, timezone: string | undefined): Promise<SecondStep>;
}

/** What a proven password (or reset link) leads to: a session, or the second step. */
export type SignInResult<Session> = { user: PublicUser; session: Session } | { secondStep: SecondStep };

/** The tRPC answer of a sign-in: the session cookie is set only when there is a session. */
export function signInAnswer<Session>(
  result: SignInResult<Session>,
  startSession: (session: Session, user: PublicUser) => void,
): { user: PublicUser } | { secondStep: SecondStep } {
  if ('secondStep' in result) return { secondStep: result.secondStep };
  startSession(result.session, result.user);
  return { user: result.user };
}
