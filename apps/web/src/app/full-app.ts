/** The full app (router, React Query, tRPC, every screen): a chunk of its own (decision 051). */
export const loadFullApp = () => import('./providers.component');
export type FullApp = Awaited<ReturnType<typeof loadFullApp>>['App'];
