/** Where the server answers tRPC calls (same origin; Vite's dev server forwards it). */
export const TRPC_URL = '/trpc';
