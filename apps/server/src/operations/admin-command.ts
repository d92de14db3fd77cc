import { askControlSocket } from './control-socket';
import { assertEmbeddedInstall } from './embedded-install';
import { OperationError, refused } from './operation-error';

/** The control socket's command; the request's JSON follows the space. */
export const ADMIN_COMMAND = 'admin ';

/** What `npm run admin` asks the running server to do (decision 285). */
export type AdminRequest =
  | { command: 'list'; query?: string | undefined; page?: number | undefined }
  | { command: 'disable' | 'enable' | 'invite'; email: string }
  | { command: 'delete'; email: string; confirmEmail: string }
  | { command: 'signups'; policy?: string | undefined };

/**
 * `npm run admin` (decision 285): the running embedded server does the work, asked over
 * DATA_DIR/control.sock like a backup, so each action goes through the same services, caches and
 * record as the admin screen's. Without a running server there is nobody to ask: the command says
 * so instead of opening the database behind the application's back.
 */
export async function askAdmin(options: {
  dataDir: string;
  databaseUrl?: string | undefined;
  request: AdminRequest;
}): Promise<Record<string, unknown>> {
  if (options.databaseUrl) {
    throw refused(
      'npm run admin works with the embedded database, asking the server that runs on DATA_DIR. On PostgreSQL, use the admin screen (/admin) or the admin API (/api/admin/…) with an administrator’s account (ADMIN_EMAILS).',
    );
  }
  await assertEmbeddedInstall(options.dataDir, undefined);
  const reply = await askControlSocket(options.dataDir, `${ADMIN_COMMAND}${JSON.stringify(options.request)}`);
  if (!reply) {
    throw refused(
      `No server is running on DATA_DIR ${options.dataDir}: start it (npm start), then run this command again.`,
    );
  }
  if (reply.header.ok !== true) {
    const message = String(reply.header.message);
    throw reply.header.refused === true ? refused(message) : new OperationError(message);
  }
  return reply.header;
}
