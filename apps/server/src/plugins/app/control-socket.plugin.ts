import { emailSchema } from '@medrem/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type ControlReply, claimControlSocket } from '../../operations/control-socket';
import { takeSnapshot } from '../../operations/embedded-install';
import { RESET_PASSWORD_COMMAND } from '../../operations/reset-password-link';
import { ADMIN_COMMAND } from '../../operations/admin-command';
import { adminControl } from './admin-control';

/**
 * Embedded mode only: claims DATA_DIR/control.sock before the database opens (a second server on
 * the same DATA_DIR stops here instead of corrupting PGlite), and answers `npm run backup` on it with
 * a snapshot of the open database (decision 114), `npm run reset-password` with a link (207) and
 * `npm run admin` with the admin services' answer (285). Closed first at shutdown, so a backup never waits
 * on a closing database.
 */
export default fp(
  async (app) => {
    const socket = await claimControlSocket(app.config.dataDir, async (command) => {
      if (command === 'ping') return { header: { ok: true } };
      if (command.startsWith(RESET_PASSWORD_COMMAND)) return resetPassword(app, command);
      if (command.startsWith(ADMIN_COMMAND)) return adminControl(app, command);
      if (command !== 'backup') return { header: { ok: false, message: `unknown command ${command}` } };
      if (!app.hasDecorator('database'))
        return { header: { ok: false, message: 'the server is still starting' } };
      const snapshot = await takeSnapshot(app.database);
      app.log.info({ bytes: snapshot.database.length }, 'backup snapshot taken');
      return { header: { ok: true, migrations: snapshot.migrations }, body: snapshot.database };
    });
    app.addHook('preClose', () => socket.close());
  },
  { name: 'control-socket' },
);

/**
 * `npm run reset-password -- EMAIL` while the server runs (decision 207): only this process may
 * open the embedded database, so it issues the link. Neither the address nor the link is logged.
 */
async function resetPassword(app: FastifyInstance, command: string): Promise<ControlReply> {
  const email = emailSchema.safeParse(command.slice(RESET_PASSWORD_COMMAND.length));
  if (!email.success) return { header: { ok: false, message: 'not an email address' } };
  if (!app.hasDecorator('services'))
    return { header: { ok: false, message: 'the server is still starting' } };
  const issued = await app.services.operatorResetLink(email.data);
  app.log.info({ found: issued !== undefined }, 'password reset link asked for by the operator');
  if (!issued) return { header: { ok: true, found: false } };
  return {
    header: {
      ok: true,
      found: true,
      link: issued.link,
      expiresAt: issued.expiresAt.toISOString(),
      hasPassword: issued.hasPassword,
    },
  };
}
