import { randomUUID } from 'node:crypto';
import { tooManyRequests } from '../../lib/app-error';
import type { AttemptCounter } from '../../lib/attempt-counter';
import { addressKey } from '../../lib/client-address';
import type { Clock } from '../../lib/clock';

export interface LoginThrottlePolicy {
  maxFailuresPerAccount: number;
  maxFailuresPerIp: number;
  windowMs: number;
}

/**
 * Failure limits on sign-in attempts: per account (when the attempt names one) and per IP (an IPv6
 * /64 counts as one). A password sign-in, a social sign-in (a provider's token), a password reset and
 * an identity check before an irreversible step all count against the same IP.
 */
export class SignInLimiter {
  constructor(
    private readonly deps: { failures: AttemptCounter; clock: Clock; throttle: LoginThrottlePolicy },
  ) {}

  /**
   * Every attempt is recorded BEFORE it runs and taken back only when it succeeded: attempts sent at
   * the same moment (a tRPC batch, parallel connections) each see the ones before them, so no more
   * than the limit are ever checked, and refused ones cost no argon2 hash.
   */
  async run<T>(accountKey: string | undefined, ip: string, attempt: () => Promise<T>): Promise<T> {
    const now = this.deps.clock.now();
    const { throttle, failures } = this.deps;
    const ipKey = `login:ip:${addressKey(ip)}`;
    const id = randomUUID();
    const [byAccount, byIp] = await Promise.all([
      accountKey ? failures.add(accountKey, now, id) : 0,
      failures.add(ipKey, now, id),
    ]);
    if (byAccount > throttle.maxFailuresPerAccount || byIp > throttle.maxFailuresPerIp) {
      // A refused attempt is not a failure of its own: it would keep the lock going for ever.
      await Promise.all([accountKey && failures.remove(accountKey, id), failures.remove(ipKey, id)]);
      const minutes = Math.ceil(throttle.windowMs / 60_000);
      throw tooManyRequests(
        `Too many failed sign-in attempts. Please wait ${minutes} minutes and try again.`,
      );
    }
    const result = await attempt();
    await Promise.all([accountKey && failures.reset(accountKey), failures.remove(ipKey, id)]);
    return result;
  }
}
