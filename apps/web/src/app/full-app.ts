/**
 * The full app (router, React Query, tRPC, every screen): not in the entry (decision 051); in one
 * chunk with the rest of a signed-in start, `signed-in` (decision 059).
 */
export const loadFullApp = () => import('./providers.component');
export type FullApp = Awaited<ReturnType<typeof loadFullApp>>['App'];
