import { SECOND_STEP_MINUTES, type SecondStep } from '@medrem/contract';
import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../../lib/clock';
import type { SecondStepGate } from '../auth/second-step-gate';
import type { TwoFactorRepository } from './two-factor.repository';

const ticketHash = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/**
 * The tickets between a right password and the second factor (decision 286): 32 random bytes, only
 * their hash stored, live SECOND_STEP_MINUTES, redeemed once. Auth asks through SecondStepGate;
 * the two-factor service (a code) and the passkey flow (an assertion) redeem them.
 */
export class SecondStepTickets implements SecondStepGate {
  constructor(private readonly deps: { repo: TwoFactorRepository; clock: Clock }) {}

  async required(userId: string): Promise<boolean> {
    return (await this.deps.repo.find(userId))?.confirmedAt != null;
  }

  async begin(userId: string, timezone: string | undefined): Promise<SecondStep> {
    const now = this.deps.clock.now();
    const ticket = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + SECOND_STEP_MINUTES * 60_000);
    await this.deps.repo.insertTicket(
      { ticketHash: ticketHash(ticket), userId, timezone: timezone ?? null, expiresAt },
      now,
    );
    return { ticket, expiresAt: expiresAt.toISOString(), methods: ['totp', 'recovery-code'] };
  }

  /** Whose live ticket this is (the passkey flow asks it for that account's credentials), or null. */
  async owner(ticket: string): Promise<{ userId: string; timezone: string | null } | null> {
    return (await this.deps.repo.findTicket(ticketHash(ticket), this.deps.clock.now())) ?? null;
  }

  /** Uses the ticket up; false when another request redeemed it first. */
  redeem(ticket: string): Promise<boolean> {
    return this.deps.repo.deleteTicket(ticketHash(ticket));
  }
}
