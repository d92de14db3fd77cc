import { DEFAULT_SETTINGS, settingsSchema, type Settings } from '@medrem/contract';

/**
 * The spec's local copy of the settings, used when the server fails. Keyed per user (a known flaw
 * was one copy shared by everyone who used the browser) and validated on read.
 */
const keyFor = (email: string) => `settings:${email.toLowerCase()}`;

export const settingsCache = {
  read(email: string): Settings | null {
    try {
      const raw = localStorage.getItem(keyFor(email));
      if (!raw) return null;
      const parsed = settingsSchema.safeParse(JSON.parse(raw));
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
