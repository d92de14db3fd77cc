import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { knownDevices } from '../../db/schema';

/** How a sign-in's device stands to the account (decision 295). */
export type DeviceStanding = 'first' | 'known' | 'new';

/** The devices an account signed in from: the device cookie's hash, label and truncated address. */
export class KnownDeviceRepository {
  constructor(private readonly db: Database) {}

  /**
   * Notes the device's sign-in and says whether it was known: its cookie is, or (sent without a
   * cookie) a device with the same label and address is. 'first': the account had no device yet.
   * The insert is the one write that makes a device known, so two sign-ins at once from one new
   * device see 'new' once.
   */
  async remember(
    userId: string,
    device: { hash: string; cookieSent: boolean; label: string; ip: string },
    now: Date,
  ): Promise<DeviceStanding> {
    if (!device.cookieSent) {
      const seen = await this.db
        .update(knownDevices)
        .set({ lastSeenAt: now })
        .where(
          and(
            eq(knownDevices.userId, userId),
            eq(knownDevices.device, device.label),
            eq(knownDevices.ip, device.ip),
          ),
        )
        .returning({ hash: knownDevices.deviceHash });
      if (seen.length > 0) return 'known';
    }
    const [others] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(knownDevices)
      .where(and(eq(knownDevices.userId, userId), ne(knownDevices.deviceHash, device.hash)));
    const [row] = await this.db
      .insert(knownDevices)
      .values({
        userId,
        deviceHash: device.hash,
        device: device.label,
        ip: device.ip,
        firstSeenAt: now,
        lastSeenAt: now,
      })
      .onConflictDoUpdate({
        target: [knownDevices.userId, knownDevices.deviceHash],
        set: { lastSeenAt: now, device: device.label, ip: device.ip },
      })
      .returning({ inserted: sql<boolean>`xmax = 0` });
    if (!row?.inserted) return 'known';
    return (others?.n ?? 0) === 0 ? 'first' : 'new';
  }
}
