/** What other workspaces may import: the router's type for the tRPC client, and the app builder. */
export type { AppRouter } from './trpc/app-router';
