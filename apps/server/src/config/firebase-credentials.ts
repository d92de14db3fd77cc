import { readFile } from 'node:fs/promises';
import type { AppConfig } from './config';

/**
 * The Firebase service account (FCM_SERVICE_ACCOUNT_JSON or _FILE): push through FCM and Google
 * sign-in both use it, so it is read in one place.
 */
export async function fcmCredentials(config: AppConfig): Promise<string | undefined> {
  const r = config.reminders;
  if (r.fcmServiceAccountJson) return r.fcmServiceAccountJson;
  if (r.fcmServiceAccountFile) return readFile(r.fcmServiceAccountFile, 'utf8');
  return undefined;
}
