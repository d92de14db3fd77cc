import { ERROR_REASONS, type TwoFactorStatus } from '@medrem/contract';
import type { ActivityRecorder } from '../activity/activity.port';
import { renderSVG } from 'uqr';
import { AppError, conflict, unauthorized } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { AuthService, NewSession } from '../auth/auth.service';
import type { Caller } from '../auth/caller';
import type { UserRepository } from '../users/user.repository';
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes';
import type { SecondStepTickets } from './second-step-tickets';
import type { SecretBox } from './secret-box';
import { TOTP_CODE, acceptedStep, newTotpSecret, totpUri } from './totp';
import type { TwoFactorRepository, TwoFactorRow } from './two-factor.repository';

const codeInvalid = (message: string) =>
  new AppError('BAD_REQUEST', message, ERROR_REASONS.twoFactorCodeInvalid);
const WRONG_CODE =
  'That code is not right, or it was used already. Enter the current 6-digit code from your app, or an unused recovery code.';
const ticketInvalid = () =>
  new AppError(
    'BAD_REQUEST',
    'This sign-in step has expired or was used already. Please sign in again with your password.',
    ERROR_REASONS.twoFactorTicketInvalid,
  );
const notOn = () => conflict('Two-step sign-in is off for this account.');

/**
 * Two-step sign-in (issue 57, decisions 286–288): set up with an authenticator app, recovery codes,
 * turning it off, and the second step of a sign-in. Every code is checked under the sign-in
 * failure limits (per account and per IP, as passwords are) and spent once.
 */
export class TwoFactorService {
  constructor(
    private readonly deps: {
      repo: TwoFactorRepository;
      tickets: SecondStepTickets;
      box: SecretBox;
      auth: AuthService;
      users: UserRepository;
      clock: Clock;
      /** The name an authenticator app shows for the account. */
      issuer: string;
      /** Turning it on and off goes into the account's activity record (decision 294). */
      activity: ActivityRecorder;
    },
  ) {}

  async status(caller: Caller): Promise<TwoFactorStatus> {
    const row = await this.deps.repo.find(caller.userId);
    const enabled = row?.confirmedAt != null;
    return {
      enabled,
      enabledAt: row?.confirmedAt?.toISOString() ?? null,
      pending: row !== undefined && !enabled,
      recoveryCodesLeft: enabled ? await this.deps.repo.recoveryCodesLeft(caller.userId) : 0,
    };
  }

  /** A new secret, stored unconfirmed; shown now and never again once confirmed. */
  async startSetup(caller: Caller): Promise<{ secret: string; otpauthUri: string; qrSvg: string }> {
    const secret = newTotpSecret();
    const saved = await this.deps.repo.savePending(
      caller.userId,
      this.deps.box.seal(secret),
      this.deps.clock.now(),
    );
    if (!saved) throw conflict('Two-step sign-in is on already. Turn it off first to set up a new app.');
    const otpauthUri = totpUri(secret, this.deps.issuer, caller.email);
    return { secret, otpauthUri, qrSvg: renderSVG(otpauthUri, { ecc: 'M', border: 2 }) };
  }

  /**
   * The first right code turns it on; the recovery codes are answered this once. Every other
   * session ends (decision 353): whoever is signed in with the password alone, perhaps the reason
   * the person turned it on, is out.
   */
  async confirmSetup(
    caller: Caller,
    code: string,
    proof: { ip: string; sessionToken: string | undefined },
  ): Promise<{ recoveryCodes: string[]; otherSessionsEnded: number }> {
    const { ip } = proof;
    const row = await this.deps.repo.find(caller.userId);
    if (!row || row.confirmedAt !== null) {
      throw conflict('There is no setup to confirm: start setting up two-step sign-in first.');
    }
    return this.deps.auth.withSignInLimits(this.limitKey(caller.userId), ip, async () => {
      const step = acceptedStep(this.secretOf(row), code.trim(), this.deps.clock.now(), null);
      if (step === null) {
        throw codeInvalid('That code is not right. Enter the 6-digit code your app shows now.');
      }
      const recoveryCodes = newRecoveryCodes();
      const confirmed = await this.deps.repo.confirm(
        caller.userId,
        step,
        this.deps.clock.now(),
        recoveryCodes.map(recoveryCodeHash),
      );
      if (!confirmed) throw conflict('Two-step sign-in was turned on already.');
      this.deps.activity.record({ userId: caller.userId, kind: 'two-factor-on', detail: {} });
      const otherSessionsEnded = await this.deps.auth.endOtherSessions(caller.userId, proof.sessionToken);
      return { recoveryCodes, otherSessionsEnded };
    });
  }

  /** New recovery codes for a current factor; the old ones stop working. */
  async regenerateRecoveryCodes(
    caller: Caller,
    code: string,
    ip: string,
  ): Promise<{ recoveryCodes: string[] }> {
    await this.proveFactor(caller.userId, code, ip);
    const recoveryCodes = newRecoveryCodes();
    await this.deps.repo.replaceRecoveryCodes(caller.userId, recoveryCodes.map(recoveryCodeHash));
    return { recoveryCodes };
  }

  /**
   * Off only with a fresh factor and, for an account with a password, the password too (decision
   * 288): neither a stolen session nor a stolen phone alone takes the protection away.
   */
  async disable(
    caller: Caller,
    proof: { code: string; password?: string | undefined; sessionToken?: string | undefined; ip: string },
  ): Promise<void> {
    const user = await this.deps.users.findById(caller.userId);
    if (!user) throw unauthorized();
    if (user.passwordHash !== null) await this.deps.auth.confirmIdentity(caller, proof);
    await this.proveFactor(caller.userId, proof.code, proof.ip);
    await this.deps.repo.remove(caller.userId);
    this.deps.activity.record({ userId: caller.userId, kind: 'two-factor-off', detail: {} });
  }

  /** The second step of a sign-in: the ticket of a right password, and a code of its account. */
  async completeSignIn(input: { ticket: string; code: string; ip: string }) {
    const owner = await this.deps.tickets.owner(input.ticket);
    if (!owner) throw ticketInvalid();
    await this.proveFactor(owner.userId, input.code, input.ip);
    return this.completeSecondStep(input.ticket, owner.userId);
  }

  /**
   * Redeems a live ticket of `userId` whose second factor the caller has just verified (a code here;
   * a passkey's assertion in the passkey flow) and opens the session. Refused when the ticket is
   * expired, used, or another account's.
   */
  async completeSecondStep(
    ticket: string,
    userId: string,
  ): Promise<{ user: Awaited<ReturnType<AuthService['openSession']>>['user']; session: NewSession }> {
    const owner = await this.deps.tickets.owner(ticket);
    if (owner?.userId !== userId || !(await this.deps.tickets.redeem(ticket))) throw ticketInvalid();
    return this.deps.auth.openSession(userId, owner.timezone ?? undefined);
  }

  /**
   * A current TOTP code (a step newer than the last used) or an unused recovery code of the account,
   * spent in one conditional write; a wrong one counts as a failed sign-in for the account and IP.
   */
  private async proveFactor(userId: string, code: string, ip: string): Promise<void> {
    const row = await this.deps.repo.find(userId);
    if (!row || row.confirmedAt === null) throw notOn();
    const typed = code.trim();
    await this.deps.auth.withSignInLimits(this.limitKey(userId), ip, async () => {
      if (TOTP_CODE.test(typed)) {
        const step = acceptedStep(this.secretOf(row), typed, this.deps.clock.now(), row.lastUsedStep);
        if (step === null || !(await this.deps.repo.useStep(userId, step))) throw codeInvalid(WRONG_CODE);
        return;
      }
      const used = await this.deps.repo.useRecoveryCode(
        userId,
        recoveryCodeHash(typed),
        this.deps.clock.now(),
      );
      if (!used) {
        throw codeInvalid('That recovery code is not right, or it was used already: each works once.');
      }
    });
  }

  private secretOf(row: TwoFactorRow): string {
    const secret = this.deps.box.open(row.secretSealed);
    // Sealed under another server secret (JWT_SECRET changed): no code can match; recovery codes still work.
    return secret ?? '';
  }

  /** Its own key: a right password must not reset the count of wrong codes (nor the reverse). */
  private limitKey(userId: string): string {
    return `two-factor:account:${userId}`;
  }
}
