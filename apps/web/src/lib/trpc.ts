import type { AppRouter } from '@medrem/server';
import { type createTRPCQueryUtils, createTRPCReact } from '@trpc/react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';

/** Typed React hooks for every procedure of the server's router (same keys as the contract). */
export const trpc = createTRPCReact<AppRouter>();

export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** The query cache's typed helpers (`trpc.useUtils()`): prefetches and invalidations per feature. */
export type TrpcUtils = ReturnType<typeof trpc.useUtils>;

/** The same helpers outside React (the router's context: loaders fill the cache the hooks read). */
export type QueryUtils = ReturnType<typeof createTRPCQueryUtils<AppRouter>>;
