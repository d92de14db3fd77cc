import { loadAppCatalog } from '../i18n/active-locale';

/**
 * The full app (router, React Query, tRPC, every screen): not in the entry (decision 051); in one
 * chunk with the rest of a signed-in start, `signed-in` (decision 059). Its texts' catalog comes
 * beside it, in the page's language (decision 361).
 */
export const loadFullApp = () =>
  Promise.all([import('./providers.component'), loadAppCatalog()]).then(([app]) => app);
export type FullApp = Awaited<ReturnType<typeof loadFullApp>>['App'];
