import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { instanceSettings } from '../../db/schema';

/** Keys of the instance's stored settings. */
export type InstanceSettingKey = 'signups';

/** The instance's own settings, one row per key (decision 282: a stored value wins over the env). */
export class InstanceSettingsRepository {
  constructor(private readonly db: Database) {}

  async get(key: InstanceSettingKey): Promise<string | undefined> {
    const [row] = await this.db
      .select({ value: instanceSettings.value })
      .from(instanceSettings)
      .where(eq(instanceSettings.key, key))
      .limit(1);
    return row?.value;
  }

  async set(key: InstanceSettingKey, value: string, now: Date): Promise<void> {
    await this.db
      .insert(instanceSettings)
      .values({ key, value, updatedAt: now })
      .onConflictDoUpdate({ target: instanceSettings.key, set: { value, updatedAt: now } });
  }
}
