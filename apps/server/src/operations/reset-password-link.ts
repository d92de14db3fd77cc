import { type Database, openDatabase } from '../db/database';
import { askControlSocket } from './control-socket';
import { assertEmbeddedInstall, withEmbeddedDatabase } from './embedded-install';
import { OperationError, refused } from './operation-error';

/** The control socket's command; the address follows the space. */
export const RESET_PASSWORD_COMMAND = 'reset-password ';

export interface IssuedResetLink {
  link: string;
  expiresAt: Date;
  hasPassword: boolean;
}

/** Issues the link on a database this process opened (the account feature's rule, handed in by the CLI). */
export type IssueResetLink = (db: Database, email: string) => Promise<IssuedResetLink | undefined>;

/**
 * A one-time reset link for an operator without mail (decision 207). The embedded database has one
 * owner: with a server running, that server issues the link (asked over DATA_DIR/control.sock, like
 * a backup); with none, this process opens DATA_DIR itself, holding it against a server start.
 * PostgreSQL takes any number of clients, so there the command writes the link itself.
 */
export async function resetPasswordLink(options: {
  dataDir: string;
  databaseUrl?: string | undefined;
  email: string;
  issue: IssueResetLink;
}): Promise<IssuedResetLink & { via: 'server' | 'database' }> {
  const { email } = options;
  let issued: IssuedResetLink | undefined;
  let via: 'server' | 'database' = 'database';
  if (options.databaseUrl) {
    const handle = await openDatabase({ databaseUrl: options.databaseUrl, poolSize: 1 });
    try {
      issued = await options.issue(handle.db, email);
    } finally {
      await handle.close();
    }
  } else {
    await assertEmbeddedInstall(options.dataDir, undefined);
    const reply = await askControlSocket(options.dataDir, `${RESET_PASSWORD_COMMAND}${email}`);
    if (reply) {
      via = 'server';
      if (reply.header.ok !== true) {
        throw new OperationError(`The server could not issue the link: ${String(reply.header.message)}`);
      }
      if (reply.header.found === true) {
        issued = {
          link: String(reply.header.link),
          expiresAt: new Date(String(reply.header.expiresAt)),
          hasPassword: reply.header.hasPassword === true,
        };
      }
    } else {
      issued = await withEmbeddedDatabase(options.dataDir, async (handle) => {
        // As the server would at its next start: a database of an older release gets the link table.
        await handle.migrate();
        return options.issue(handle.db, email);
      });
    }
  }
  if (!issued) {
    throw refused(
      `No account has the address ${email}. Check the spelling (addresses are compared lower-cased), or ask the person which address they registered with.`,
    );
  }
  return { ...issued, via };
}
