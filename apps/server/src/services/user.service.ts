import type { DataExport, PublicUser } from '@medrem/contract';
import { badRequest, forbidden, notFound } from '../lib/app-error';
import type { Clock } from '../lib/clock';
import type { MedicineRepository } from '../repositories/medicine.repository';
import type { NotificationRepository } from '../repositories/notification.repository';
import type { PushSubscriptionRepository } from '../repositories/push-subscription.repository';
import type { UserRepository } from '../repositories/user.repository';
import type { AuthService } from './auth.service';
import { type Caller, assertSelf } from './caller';
import { toMedicine } from './medicine-view';
import { toNotification } from './notification.service';
import { parsePushToken } from './push-token';
import type { SettingsService } from './settings.service';
import { toPublicUser } from './user-view';

const EXPORT_NOTIFICATIONS_MAX = 10_000;

export class UserService {
  constructor(
    private readonly deps: {
      users: UserRepository;
      medicines: MedicineRepository;
      notifications: NotificationRepository;
      pushSubscriptions: PushSubscriptionRepository;
      settings: SettingsService;
      auth: AuthService;
      clock: Clock;
      /** Push endpoints the server may contact (the reminder engine's allowlist). */
      pushEndpointAllowed?: (endpoint: string) => boolean;
      /** Unlinks the sign-in providers and deletes what the server made there (social sign-in). */
      beforeAccountDeleted?: (userId: string) => Promise<void>;
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
  ): Promise<PublicUser> {
    assertSelf(caller, input.userEmail);
    if (input.email !== undefined && input.email !== caller.email) {
      throw badRequest('Your email address cannot be changed.');
    }
    if (input.password !== undefined) {
      await this.deps.auth.changePassword(caller.userId, input.currentPassword, input.password);
    }
    return toPublicUser(await this.deps.users.update(caller.userId, { name: input.name }));
  }

  async deleteAccount(caller: Caller, userEmail: string): Promise<void> {
    assertSelf(caller, userEmail);
    await this.deps.beforeAccountDeleted?.(caller.userId);
    if (!(await this.deps.users.deleteWithAllData(caller.userId))) throw notFound('User not found.');
  }

  /** Registers a device for push; null means permission was not granted, so nothing is stored. */
  async savePushToken(caller: Caller, email: string, token: string | null | undefined): Promise<boolean> {
    assertSelf(caller, email);
    if (!token) return false;
    const target = parsePushToken(token);
    if (
      target.kind === 'webpush' &&
      this.deps.pushEndpointAllowed &&
      !this.deps.pushEndpointAllowed(target.endpoint)
    ) {
      throw badRequest('This push service is not supported. Please use a standard browser push service.');
    }
    await this.deps.pushSubscriptions.upsert({ userId: caller.userId, ...target });
    return true;
  }

  async export(caller: Caller, userEmail: string): Promise<DataExport> {
    assertSelf(caller, userEmail);
    const user = await this.self(caller);
    const medicines = await this.deps.medicines.listForUser(caller.userId);
    const ids = medicines.map((m) => m.id);
    const [doses, refills, notifications, settings] = await Promise.all([
      this.deps.medicines.allDoses(ids),
      this.deps.medicines.allRefills(ids),
      this.deps.notifications.listForUser(caller.userId, EXPORT_NOTIFICATIONS_MAX),
      this.deps.settings.get(caller, userEmail),
    ]);
    return {
      exportDate: this.deps.clock.now().toISOString(),
      user: toPublicUser(user),
      medicines: medicines.map((m) => toMedicine(m, caller.email)),
      doseHistory: doses,
      refills: refills.map((r) => ({ ...r, refilledAt: r.refilledAt.toISOString() })),
      settings,
      notifications: notifications.map(toNotification),
    };
  }
}
