import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { mailOutbox } from '../../../src/db/schema';
import { ApiClient } from '../../support/api-client';
import { DEFAULT_PASSWORD, type SignedInUser } from '../../support/scenario';
import type { TestServer } from '../../support/test-server';

/** An address for ADMIN_EMAILS that no other test file registers. */
export const adminAddress = (label = 'admin') => `${label}-${randomBytes(4).toString('hex')}@example.com`;

/** Marks the account's address verified, as its mailed link would (decision 208). */
export async function verify(server: TestServer, user: { id: string; email: string }): Promise<void> {
  await server.app.services.repositories.users.markVerified(user.id, user.email, server.clock.now());
}

/** Registers `email`, signs it in with a bearer token and, unless told not to, verifies it. */
export async function accountOf(
  server: TestServer,
  email: string,
  options: { verified?: boolean } = {},
): Promise<SignedInUser> {
  const api = new ApiClient(server.baseUrl);
  const user = await api.signUpAndIn({ name: 'Admin', email, password: DEFAULT_PASSWORD });
  if (options.verified !== false) await verify(server, { id: user.id, email });
  return { api, id: user.id, email, name: 'Admin', password: DEFAULT_PASSWORD };
}

/** The invitation token in the newest invitation mail to `email`, read from the outbox. */
export async function invitationTokenFor(server: TestServer, email: string): Promise<string | undefined> {
  const rows = await server.database.handle.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, email));
  const newest = rows
    .filter((row) => row.kind === 'signup-invitation')
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .at(-1);
  return newest?.textBody ? /\/register\?invite=([A-Za-z0-9_-]{43})/.exec(newest.textBody)?.[1] : undefined;
}
