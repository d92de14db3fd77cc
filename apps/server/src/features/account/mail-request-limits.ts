import { randomUUID } from 'node:crypto';
import { tooManyRequests } from '../../lib/app-error';
import type { AttemptCounter } from '../../lib/attempt-counter';
import { addressKey } from '../../lib/client-address';
import type { Clock } from '../../lib/clock';

export interface MailRequestPolicy {
  /** Mails asked for one address (or one account) within the window. */
  perAddress: number;
  /** Mails asked from one network (an IPv6 /64 counts as one) within the window. */
  perIp: number;
  /** The counter's window, for the message. */
  windowMs: number;
}

/**
 * Limits the mails a caller can make this server send (a new verification link, an email change):
 * nobody can flood a mailbox through it, nor burn the operator's sending reputation. Counted per
 * address and per IP whether or not the address has an account, so the limit tells nothing about
 * which addresses do.
 */
export class MailRequestLimits {
  constructor(private readonly deps: { counter: AttemptCounter; clock: Clock; policy: MailRequestPolicy }) {}

  async take(purpose: string, address: string, ip: string): Promise<void> {
    const { counter, clock, policy } = this.deps;
    const now = clock.now();
    const id = randomUUID();
    const addressCounter = `mail:${purpose}:address:${address}`;
    const ipCounter = `mail:${purpose}:ip:${addressKey(ip)}`;
    const [byAddress, byIp] = await Promise.all([
      counter.add(addressCounter, now, id),
      counter.add(ipCounter, now, id),
    ]);
    if (byAddress > policy.perAddress || byIp > policy.perIp) {
      // A refused request sends nothing and must not keep the limit going for ever.
      await Promise.all([counter.remove(addressCounter, id), counter.remove(ipCounter, id)]);
      const minutes = Math.ceil(policy.windowMs / 60_000);
      throw tooManyRequests(`Too many mails asked for. Please wait ${minutes} minutes and try again.`);
    }
  }
}
