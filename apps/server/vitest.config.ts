import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file starts its own server and database; two cores run two at a time.
    maxWorkers: 2,
    // One migrated embedded database for the whole run, which each file's PGlite unpacks (decision 310).
    globalSetup: ['test/support/pglite-template.ts'],
  },
});
