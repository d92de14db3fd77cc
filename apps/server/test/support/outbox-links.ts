import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { mailOutbox } from '../../src/db/schema';
import type { SmtpCatcher } from './smtp-catcher';
import type { TestServer } from './test-server';

/** The outbox's rows to one address, oldest first (a sent row keeps its kind, not its bodies). */
export async function outboxTo(server: Pick<TestServer, 'database'>, address: string) {
  const rows = await server.database.handle.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, address));
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/**
 * The link with a `token` of the newest mail to `address` whose subject matches, as received over
 * SMTP, and the token; the text and the HTML parts both carry it.
 */
export async function mailedLink(catcher: SmtpCatcher, address: string, subject: RegExp) {
  await catcher.waitFor(address, subject, 20_000);
  const mail = catcher
    .received(address)
    .filter((m) => subject.test(m.subject))
    .at(-1)!;
  const url = mail.links.find((link) => /[?&]token=/.test(link));
  expect(url, mail.text).toBeDefined();
  expect(mail.text).toContain(url);
  return { url: url!, token: new URL(url!).searchParams.get('token')!, mail };
}
