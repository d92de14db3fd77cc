import { DEFAULT_SETTINGS, type Settings } from '@medrem/contract';
import { describe, expect, it } from 'vitest';
import { resolveSettings, settingsCache } from './settings-cache';

const user = { name: 'Ada', email: 'ada@example.com' };
const saved: Settings = {
  ...DEFAULT_SETTINGS,
  timezone: 'Europe/Paris',
  name: 'Ada',
  email: 'ada@example.com',
};

describe('settings fallback', () => {
  it('keeps one local copy per user', async () => {
    settingsCache.write('ada@example.com', saved);
    expect(await settingsCache.read('ADA@example.com')).toEqual(saved);
    expect(await settingsCache.read('bob@example.com')).toBeNull();
  });

  it('reads a copy from before the simple screen as off, and keeps a chosen one (issue 54)', async () => {
    const { simpleMode: _simple, ...older } = { ...saved, simpleMode: true };
    localStorage.setItem('settings:ada@example.com', JSON.stringify(older));
    expect((await settingsCache.read('ada@example.com'))?.simpleMode).toBe(false);
    settingsCache.write('ada@example.com', { ...saved, simpleMode: true });
    expect((await settingsCache.read('ada@example.com'))?.simpleMode).toBe(true);
    settingsCache.write('ada@example.com', { ...saved, simpleMode: null });
    expect((await settingsCache.read('ada@example.com'))?.simpleMode).toBeNull();
  });

  it('ignores a local copy that is not valid settings', async () => {
    localStorage.setItem('settings:ada@example.com', '{"notifications":1}');
    expect(await settingsCache.read('ada@example.com')).toBeNull();
    localStorage.setItem('settings:ada@example.com', 'not json');
    expect(await settingsCache.read('ada@example.com')).toBeNull();
  });

  it('uses the server’s answer, else the local copy, else the defaults in the browser’s zone', () => {
    const base = { user, browserZone: 'America/New_York' };
    expect(resolveSettings({ ...base, server: saved, failed: false, cached: null })).toEqual({
      settings: saved,
      source: 'server',
    });
    expect(resolveSettings({ ...base, server: undefined, failed: false, cached: saved })).toBeUndefined();
    expect(resolveSettings({ ...base, server: undefined, failed: true, cached: saved })).toEqual({
      settings: saved,
      source: 'local',
    });
    const fallback = resolveSettings({ ...base, server: undefined, failed: true, cached: null });
    expect(fallback?.source).toBe('default');
    expect(fallback?.settings).toMatchObject({
      timezone: 'America/New_York',
      email: 'ada@example.com',
      medicineDefaults: { defaultReminderTimes: ['08:00', '14:00', '20:00'] },
    });
  });
});
