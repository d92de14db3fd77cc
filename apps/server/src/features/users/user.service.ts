import { zonedNow } from '@medrem/domain';
import type { DataExport, PublicUser } from '@medrem/contract';
import { badRequest, forbidden, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { OperationLog } from '../../lib/operation-log';
import type { AsNeededRepository } from '../medicines/as-needed.repository';
import type { DoseRecordRepository } from '../medicines/dose-record.repository';
import type { MedicineRepository } from '../medicines/medicine.repository';
import type { RefillRepository } from '../medicines/refill.repository';
import type { NotificationRepository } from '../notifications/notification.repository';
import type { UserRepository } from './user.repository';
import type { AuthService } from '../auth/auth.service';
import type { SessionRepository } from '../auth/session.repository';
import type { AccessTokenRepository } from '../access-tokens/access-token.repository';
import { toPersonalToken } from '../access-tokens/personal-token-view';
import type { PushSubscriptionRepository } from '../push/push-subscription.repository';
import { type Caller, assertSelf } from '../auth/caller';
import { skippedSlotsOf } from '../medicines/dose-timing-rules';
import { toMedicine } from '../medicines/medicine-view';
import { toNotification } from '../notifications/notification.service';
import type { PushService } from '../push/push.service';
import type { SettingsService } from '../settings/settings.service';
import { toPublicUser } from './user-view';

export class UserService {
  constructor(
    private readonly deps: {
      users: UserRepository;
      medicines: MedicineRepository;
      doses: DoseRecordRepository;
      asNeeded: AsNeededRepository;
      refills: RefillRepository;
      notifications: NotificationRepository;
      sessions: SessionRepository;
      personalTokens: AccessTokenRepository;
      pushSubscriptions: PushSubscriptionRepository;
      settings: SettingsService;
      auth: AuthService;
      push: PushService;
      clock: Clock;
      /** Unlinks the sign-in providers and deletes what the server made there (social sign-in). */
      beforeAccountDeleted?: (userId: string, log?: OperationLog) => Promise<void>;
    },
  ) {}

  private async self(caller: Caller) {
    const row = await this.deps.users.findById(caller.userId);
    if (!row) throw notFound('User not found. Please try logging in again.');
    return row;
  }

  /** Only the caller's own record, looked up by id or by email. */
  async get(caller: Caller, idOrEmail: string): Promise<PublicUser> {
    const key = idOrEmail.trim().toLowerCase();
    if (key !== caller.userId && key !== caller.email) throw forbidden('You can only view your own account.');
    return toPublicUser(await this.self(caller));
  }

  async update(
    caller: Caller,
    input: {
      userEmail: string;
      name: string;
      email?: string | undefined;
      password?: string | undefined;
      currentPassword?: string | undefined;
    },
    sessionToken?: string,
  ): Promise<PublicUser> {
    assertSelf(caller, input.userEmail);
    if (input.email !== undefined && input.email !== caller.email) {
      throw badRequest('Your email address cannot be changed.');
    }
    if (input.password !== undefined) {
      await this.deps.auth.changePassword(caller.userId, input.currentPassword, input.password, sessionToken);
    }
    return toPublicUser(await this.deps.users.update(caller.userId, { name: input.name }));
  }

  /**
   * Deletes the account once its holder is asked again (decision 198): `proof` is the password,
   * or the session of a fresh sign-in for an account without one. `log`: the request's, for what
   * the clean-up at sign-in providers has to report.
   */
  async deleteAccount(
    caller: Caller,
    input: { userEmail: string; password?: string | undefined },
    proof: { sessionToken?: string | undefined; ip: string },
    log?: OperationLog,
  ): Promise<void> {
    assertSelf(caller, input.userEmail);
    await this.deps.auth.confirmIdentity(caller, { ...proof, password: input.password });
    await this.deps.beforeAccountDeleted?.(caller.userId, log);
    const deleted = await this.deps.users.deleteWithAllData(caller.userId);
    await Promise.all([this.deps.auth.forgetCaller(caller.userId), this.deps.settings.forget(caller.userId)]);
    if (!deleted) throw notFound('User not found.');
  }

  async export(caller: Caller, userEmail: string): Promise<DataExport> {
    assertSelf(caller, userEmail);
    const user = await this.self(caller);
    const medicines = await this.deps.medicines.listForUser(caller.userId);
    const ids = medicines.map((m) => m.id);
    const now = this.deps.clock.now();
    const today = zonedNow(now, (await this.deps.settings.effective(caller.userId)).timezone).date;
    // Everything the account holds: no cap on notifications (the old 10,000 cut them silently),
    // and the devices and sessions too (issue 8, finding 11).
    const [doses, asNeeded, refills, notifications, settings, devices, sessions, tokens] = await Promise.all([
      this.deps.doses.allDoses(ids),
      this.deps.asNeeded.allAsNeeded(ids),
      this.deps.refills.allRefills(ids),
      this.deps.notifications.listAllForUser(caller.userId, now),
      this.deps.settings.get(caller, userEmail),
      this.deps.pushSubscriptions.listForUser(caller.userId),
      this.deps.sessions.listLiveForUser(caller.userId, now),
      this.deps.personalTokens.listForUser(caller.userId),
    ]);
    return {
      exportDate: now.toISOString(),
      user: toPublicUser(user),
      medicines: medicines.map((m) => toMedicine(m, caller.email, today)),
      // The spec's shape (decision 226); the skips beside it (decision 226).
      doseHistory: doses.map(({ medicineId, date, taken }) => ({ medicineId, date, taken })),
      skippedDoses: doses.flatMap((day) =>
        skippedSlotsOf(day).map((skip) => ({ medicineId: day.medicineId, date: day.date, ...skip })),
      ),
      refills: refills.map((r) => ({ ...r, refilledAt: r.refilledAt.toISOString() })),
      asNeededIntakes: asNeeded.map((a) => ({ ...a, takenAt: a.takenAt.toISOString() })),
      settings,
      notifications: notifications.map(toNotification),
      devices: devices.map((d) => ({
        kind: d.kind,
        service: d.kind === 'webpush' ? new URL(d.endpoint).host : d.kind,
        registeredAt: d.createdAt.toISOString(),
      })),
      sessions: sessions.map((s) => ({
        startedAt: s.createdAt.toISOString(),
        expiresAt: s.expiresAt.toISOString(),
      })),
      // What each token is and when it was used, never its secret or hash (decision 268).
      accessTokens: tokens.map(toPersonalToken),
    };
  }
}
