import { zonedNow } from '@medrem/domain';
import type { ActivityEntry, DataExport, JournalExportView, PublicUser } from '@medrem/contract';
import { badRequest, forbidden, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { OperationLog } from '../../lib/operation-log';
import type { AsNeededRepository } from '../medicines/as-needed.repository';
import type { DoseRecordRepository } from '../medicines/dose-record.repository';
import type { MedicineRepository } from '../medicines/medicine.repository';
import type { PlanChangeRepository } from '../medicines/plan-change.repository';
import { toPlanChange } from '../medicines/plan-change-view';
import type { RefillRepository } from '../medicines/refill.repository';
import type { NotificationRepository } from '../notifications/notification.repository';
import type { PackRepository } from '../packs/pack.repository';
import { packExportOf } from '../packs/pack-export';
import type { UserRepository } from './user.repository';
import type { AuthService } from '../auth/auth.service';
import type { ActivityRecorder } from '../activity/activity.port';
import type { SessionRepository } from '../auth/session.repository';
import type { TwoFactorRepository } from '../two-factor/two-factor.repository';
import type { AccessTokenRepository } from '../access-tokens/access-token.repository';
import { toPersonalToken } from '../access-tokens/personal-token-view';
import type { PushSubscriptionRepository } from '../push/push-subscription.repository';
import { type Caller, assertSelf } from '../auth/caller';
import { skippedSlotsOf } from '../medicines/dose-timing-rules';
import { toMedicine } from '../medicines/medicine-view';
import { toNotification } from '../notifications/notification.service';
import type { PushService } from '../push/push.service';
import type { SettingsService } from '../settings/settings.service';
import { type AccountLinksSources, accountLinksExportOf } from './account-links-export';
import { toPublicUser } from './user-view';

export class UserService {
  constructor(
    private readonly deps: {
      users: UserRepository;
      medicines: MedicineRepository;
      doses: DoseRecordRepository;
      asNeeded: AsNeededRepository;
      refills: RefillRepository;
      planChanges: PlanChangeRepository;
      packs: PackRepository;
      notifications: NotificationRepository;
      sessions: SessionRepository;
      personalTokens: AccessTokenRepository;
      twoFactor: TwoFactorRepository;
      pushSubscriptions: PushSubscriptionRepository;
      settings: SettingsService;
      auth: AuthService;
      push: PushService;
      clock: Clock;
      /** Passkeys, sign-in providers, the care circle and the calendar feed, for the export (decision 352). */
      accountLinks: AccountLinksSources;
      /** The health journal's part of the export (issue 56). */
      journal: { exportOf(userId: string): Promise<JournalExportView> };
      /** Unlinks the sign-in providers and deletes what the server made there (social sign-in). */
      beforeAccountDeleted?: (userId: string, log?: OperationLog) => Promise<void>;
      /** The account's activity record: what is recorded here, and the export's copy (decision 294). */
      activity: ActivityRecorder & { exportOf(userId: string): Promise<ActivityEntry[]> };
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
      this.deps.activity.record({ userId: caller.userId, kind: 'password-changed', detail: {} });
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
    if (!(await this.removeAccount(caller.userId, log))) throw notFound('User not found.');
  }

  /**
   * The one deletion path (the holder's own, and an administrator's, issue 57): the providers
   * unlinked, everything the account holds deleted, every process's caches of it forgotten.
   * False when no account had the id.
   */
  async removeAccount(userId: string, log?: OperationLog): Promise<boolean> {
    await this.deps.beforeAccountDeleted?.(userId, log);
    const deleted = await this.deps.users.deleteWithAllData(userId);
    await Promise.all([this.deps.auth.forgetCaller(userId), this.deps.settings.forget(userId)]);
    return deleted;
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
    const [
      doses,
      asNeeded,
      refills,
      notifications,
      settings,
      devices,
      sessions,
      tokens,
      activity,
      journal,
      twoFactor,
      plans,
      packs,
      accountLinks,
    ] = await Promise.all([
      this.deps.doses.allDoses(ids),
      this.deps.asNeeded.allAsNeeded(ids),
      this.deps.refills.allRefills(ids),
      this.deps.notifications.listAllForUser(caller.userId, now),
      this.deps.settings.get(caller, userEmail),
      this.deps.pushSubscriptions.listForUser(caller.userId),
      this.deps.sessions.listLiveForUser(caller.userId, now),
      this.deps.personalTokens.listForUser(caller.userId),
      this.deps.activity.exportOf(caller.userId),
      this.deps.journal.exportOf(caller.userId),
      this.deps.twoFactor.find(caller.userId),
      this.deps.planChanges.listFor(ids),
      packExportOf(this.deps.packs, caller.userId),
      accountLinksExportOf(this.deps.accountLinks, caller.userId, now),
    ]);
    this.deps.activity.record({ userId: caller.userId, kind: 'data-export', detail: {} });
    return {
      exportDate: now.toISOString(),
      user: toPublicUser(user),
      medicines: medicines.map((m) => toMedicine(m, caller.email, today)),
      // The spec's shape (decision 226); the skips beside it (decision 226).
      doseHistory: doses.map(({ medicineId, date, taken }) => ({ medicineId, date, taken })),
      skippedDoses: doses.flatMap((day) =>
        skippedSlotsOf(day).map((skip) => ({ medicineId: day.medicineId, date: day.date, ...skip })),
      ),
      // Postponed doses (decision 316): the new time of each, beside the spec's shape.
      postponedDoses: doses.flatMap((day) =>
        (day.postponed ?? []).flatMap((p, slot) =>
          p
            ? [
                {
                  medicineId: day.medicineId,
                  date: day.date,
                  slot,
                  to: p.to,
                  postponedAt: new Date(p.at).toISOString(),
                },
              ]
            : [],
        ),
      ),
      refills: refills.map((r) => ({ ...r, refilledAt: r.refilledAt.toISOString() })),
      asNeededIntakes: asNeeded.map((a) => ({ ...a, takenAt: a.takenAt.toISOString() })),
      // Each medicine's plan history (decision 314): a stopped medicine's story stays whole.
      planChanges: plans.map((p) => ({ medicineId: p.medicineId, ...toPlanChange(p) })),
      // Every pack, used up ones too (their serials), and the product numbers named (issue 58).
      ...packs,
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
      // The activity record as it stood before this export (issue 57).
      activity,
      journal,
      // Whether it is on and since when; the secret and the codes' hashes never leave (decision 288).
      twoFactor: {
        enabled: twoFactor?.confirmedAt != null,
        enabledAt: twoFactor?.confirmedAt?.toISOString() ?? null,
      },
      // How the account is reached and who shares it (decision 352).
      ...accountLinks,
    };
  }
}
