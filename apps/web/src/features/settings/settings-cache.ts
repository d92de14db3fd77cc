import type { Settings } from '@medrem/contract';
import { DEFAULT_SETTINGS } from '@medrem/contract/settings-defaults';

/**
 * The spec's local copy of the settings, used when the server fails. Keyed per user (a known flaw
 * was one copy shared by everyone who used the browser) and validated on read by the contract's own
 * schema, which is loaded then: only a failed server needs it, and on the dashboard's path it would
 * bring zod and every schema into the offline start (issue 9).
 */
const keyFor = (email: string) => `settings:${email.toLowerCase()}`;

export const settingsCache = {
  async read(email: string): Promise<Settings | null> {
    try {
      const raw = localStorage.getItem(keyFor(email));
      if (!raw) return null;
      const { settingsSchema } = await import('@medrem/contract');
      // A copy from before issue 54 has no language or clock: theirs are the defaults. Nor the
      // simple screen: its owner used the app before it, so it is off, as the server's migration
      // set it (never null, which would offer it).
      const saved: unknown = JSON.parse(raw);
      const parsed = settingsSchema.safeParse(
        saved && typeof saved === 'object'
          ? { locale: null, clock: 'auto', simpleMode: false, ...saved }
          : saved,
      );
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  },
  write(email: string, settings: Settings): void {
    try {
      localStorage.setItem(keyFor(email), JSON.stringify(settings));
    } catch (error) {
      console.warn('Could not keep a local copy of the settings', error);
    }
  },
  remove(email: string): void {
    localStorage.removeItem(keyFor(email));
  },
};

export type SettingsSource = 'server' | 'local' | 'default';

/**
 * Which settings the app uses: the server's answer; on failure the user's local copy; failing
 * that the spec defaults (in the browser's zone). Undefined while the first load is under way.
 */
export function resolveSettings(input: {
  server: Settings | undefined;
  failed: boolean;
  cached: Settings | null;
  user: { name: string; email: string };
  browserZone: string;
}): { settings: Settings; source: SettingsSource } | undefined {
  if (input.server) return { settings: input.server, source: 'server' };
  if (!input.failed) return undefined;
  if (input.cached) return { settings: input.cached, source: 'local' };
  return {
    settings: {
      ...DEFAULT_SETTINGS,
      timezone: input.browserZone,
      name: input.user.name,
      email: input.user.email,
    },
    source: 'default',
  };
}
