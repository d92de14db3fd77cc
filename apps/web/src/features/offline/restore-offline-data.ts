import type { QueryClient } from '@tanstack/react-query';
import { keepPersistedInMemory, queryPersistence } from './query-persistence';

/**
 * Before the first render, when an account's answers are saved on this device (a lazily loaded
 * chunk: a device with nothing saved never loads it): longer memory for the answers that are
 * saved, and the saved answers themselves. They come back stale (decision 194): shown at once,
 * the session among them, and asked again as soon as a screen needs them and the server answers.
 */
export async function restoreOfflineData(client: QueryClient): Promise<void> {
  keepPersistedInMemory(client);
  await queryPersistence.restore(client);
}
