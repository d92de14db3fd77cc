import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import { expect } from './fixtures';

/** Where the suite's server writes its mail: it runs without SMTP_URL (decision 201). */
export const suiteMailFolder = (): string => join(process.env.E2E_DATA_DIR!, 'mail');

const recipientsOf = (mail: ParsedMail): string[] =>
  (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((to) =>
    to.value.map((v) => v.address ?? ''),
  );

/**
 * The mails of one kind (the outbox's `kind`, part of each file's name) to one address that a
 * server wrote to `folder` as .eml files, parsed as a mail client would, as an operator without
 * SMTP reads them; waits until there are at least `count` (the workers write within a poll).
 */
export async function mailsTo(
  kind: string,
  address: string,
  { folder = suiteMailFolder(), count = 1 }: { folder?: string; count?: number } = {},
): Promise<ParsedMail[]> {
  let found: ParsedMail[] = [];
  await expect(async () => {
    const names = (await readdir(folder).catch(() => [])).filter(
      (name) => name.endsWith(`.eml`) && name.includes(`-${kind}-`),
    );
    const mails = await Promise.all(
      names.map(async (name) => simpleParser(await readFile(join(folder, name)))),
    );
    found = mails.filter((mail) => recipientsOf(mail).includes(address));
    expect(found.length, `${kind} mails to ${address} in ${folder}`).toBeGreaterThanOrEqual(count);
  }).toPass({ timeout: 30_000 });
  return found;
}

/** The one mail of this kind to this address. */
export async function mailTo(kind: string, address: string, folder?: string): Promise<ParsedMail> {
  const [mail, ...more] = await mailsTo(kind, address, folder ? { folder } : {});
  expect(more, `more than one ${kind} mail to ${address}`).toEqual([]);
  return mail!;
}

/**
 * The link to `path` with its token in a mail: in the text part, and the same in the HTML part's
 * button. Returned as a path, to open on the origin the test uses (the server's PUBLIC_URL is
 * localhost on its own port).
 */
export function linkIn(mail: ParsedMail, path: string): string {
  const link = new RegExp(`https?://\\S+${path}\\?token=[A-Za-z0-9_-]{43}`).exec(mail.text ?? '')?.[0];
  expect(link, `a ${path} link in "${mail.subject}"`).toBeDefined();
  expect(mail.html || '').toContain(link!);
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}
