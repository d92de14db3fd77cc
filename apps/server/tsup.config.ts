import { cp } from 'node:fs/promises';
import { defineConfig } from 'tsup';

/**
 * One bundle per process entry. Workspace packages are bundled in (they ship TypeScript source);
 * npm dependencies stay external. The SQL migrations are copied beside the bundle.
 */
export default defineConfig({
  entry: {
    server: 'src/server.ts',
    worker: 'src/worker.ts',
    // The Web Push thread (decision 019), started by the bundles above from beside them.
    'push-send-thread': 'src/features/push/push-send.thread.ts',
    // The operations commands, so a production image (no tsx) runs `node dist/backup.js` too.
    backup: 'src/cli/backup.cli.ts',
    restore: 'src/cli/restore.cli.ts',
    'migrate-to-postgres': 'src/cli/migrate-to-postgres.cli.ts',
    'reset-password': 'src/cli/reset-password.cli.ts',
    admin: 'src/cli/admin.cli.ts',
  },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  splitting: false,
  noExternal: [/^@medrem\//],
  async onSuccess() {
    await cp('src/db/migrations', 'dist/migrations', { recursive: true });
  },
});
