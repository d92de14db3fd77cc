import { msg } from '@lingui/core/macro';
import { type WorkerTexts, keepWorkerTexts } from '../sw/worker-texts';
import { i18n } from './lingui-runtime';

/**
 * The service worker's own words in the page's language (issue 54): written where the worker reads
 * them (sw/worker-texts.ts) each time the page's language or texts change. Best effort: without
 * Cache Storage the worker keeps its English.
 */
export async function keepWorkerTextsInPageLanguage(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const message = '{message}';
  const texts: WorkerTexts = {
    newNotification: i18n._(msg`You have a new notification.`),
    queuedTake: i18n._(
      msg`You're offline: your dose is saved on this device and will be recorded when you're back online.`,
    ),
    // The worker puts the server's reason in place of the placeholder.
    offlineNotRecorded: i18n._(msg`A 'Mark as taken' made offline was not recorded: ${message}`),
  };
  try {
    await keepWorkerTexts(caches, texts);
  } catch {
    // Storage refused (a private window's policy): the worker says them in English.
  }
}
