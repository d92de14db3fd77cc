import type { APIRequestContext } from '@playwright/test';
import { minutesOfDay, zonedNow } from '@medrem/domain';

/** "HH:MM" of minutes since midnight, as the settings' reminder times are written. */
export const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * The server's day and minute of the day in UTC, from its Date header: the clock the app follows
 * and the server judges doses by, which may be shifted for the suite (server-clock.ts). Tests that
 * set dose times around "now" place them by it.
 */
export async function serverDay(request: APIRequestContext): Promise<{ today: string; minutes: number }> {
  const serverNow = new Date((await request.get('/api/health')).headers()['date'] ?? Date.now());
  return {
    today: serverNow.toISOString().slice(0, 10),
    minutes: minutesOfDay(zonedNow(serverNow, 'UTC').time),
  };
}
