import type { ActivityRecorder } from '../features/activity/activity.port';
import type { AuthService } from '../features/auth/auth.service';
import { SecondStepTickets } from '../features/two-factor/second-step-tickets';
import { SecretBox } from '../features/two-factor/secret-box';
import type { TwoFactorRepository } from '../features/two-factor/two-factor.repository';
import { TwoFactorService } from '../features/two-factor/two-factor.service';
import type { UserRepository } from '../features/users/user.repository';
import type { Clock } from '../lib/clock';

/**
 * Two-step sign-in in two parts (decision 286): the tickets auth asks for at sign-in exist before
 * AuthService; the service that checks codes and opens the session is built on AuthService after.
 */
export function createTwoFactorParts(deps: {
  repo: TwoFactorRepository;
  clock: Clock;
  serverSecret: string;
}) {
  const { repo } = deps;
  const tickets = new SecondStepTickets({ repo, clock: deps.clock });
  return {
    tickets,
    service: (auth: AuthService, users: UserRepository, issuer: string, activity: ActivityRecorder) =>
      new TwoFactorService({
        repo,
        tickets,
        box: new SecretBox(deps.serverSecret),
        auth,
        users,
        clock: deps.clock,
        issuer,
        activity,
      }),
  };
}
