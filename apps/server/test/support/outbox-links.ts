import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { mailOutbox } from '../../src/db/schema';
import type { TestServer } from './test-server';

/** The outbox's messages to one address, oldest first (what the mail channel will send). */
export async function outboxTo(server: Pick<TestServer, 'database'>, address: string) {
  const rows = await server.database.handle.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, address));
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/**
 * The link of the newest mail of `kind` to `address`, as its text part writes it, and the link's
 * `token`; the HTML part must carry the same link.
 */
export async function outboxLink(server: Pick<TestServer, 'database'>, address: string, kind: string) {
  const rows = await server.database.handle.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, address), eq(mailOutbox.kind, kind)));
  const mail = rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).at(-1);
  expect(mail, `a ${kind} mail to ${address}`).toBeDefined();
  const url = /https?:\/\/\S+[?&]token=[A-Za-z0-9_-]+/.exec(mail!.textBody ?? '')?.[0];
  expect(url, mail!.textBody ?? '').toBeDefined();
  expect(mail!.htmlBody).toContain(url!.replace(/&/g, '&amp;'));
  return { url: url!, token: new URL(url!).searchParams.get('token')! };
}
