import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox } from '../../../src/db/schema';
import { renderMail } from '../../../src/features/mail/mail-layout';
import { waitFor } from '../../support/free-port';
import { SmtpCatcher } from '../../support/smtp-catcher';
import { type TestServer, startTestServer } from '../../support/test-server';

/**
 * The mail channel inside a running server (decisions 200–202): what a service puts in the outbox
 * leaves within a poll, over SMTP when SMTP_URL is set, as an `.eml` file in DATA_DIR/mail/ when
 * not; the operator sees which in the log and in /metrics.
 */
const TOKEN = 'S3cr3tT0kenOfTheLink';

async function enqueue(server: TestServer, to: string) {
  const { mail } = server.app.services;
  const link = `${mail.config.publicUrl}/reset-password?token=${TOKEN}`;
  const body = renderMail(
    {
      greeting: 'Hello Ada,',
      paragraphs: ['Someone asked to reset your password.'],
      action: { label: 'Choose a new password', url: link },
    },
    mail.brand,
  );
  await mail.outboxOf(server.database.handle.db).enqueue({
    kind: 'password-reset',
    userId: null,
    to,
    subject: 'Reset your Medicine Reminder password',
    ...body,
  });
}

async function scrape(server: TestServer): Promise<string> {
  const response = await fetch(`${server.baseUrl}/metrics`, {
    headers: { authorization: 'Bearer metrics-token-of-the-mail-test' },
  });
  return response.text();
}

describe('mail over SMTP from a running server', () => {
  let server: TestServer;
  let catcher: SmtpCatcher;
  const log: string[] = [];

  beforeAll(async () => {
    catcher = await SmtpCatcher.start({ credentials: { user: 'relay-user', password: 'relay-pass' } });
    server = await startTestServer({
      logLines: log,
      env: {
        SMTP_URL: `smtp://127.0.0.1:${catcher.port}`,
        SMTP_USER: 'relay-user',
        SMTP_PASSWORD: 'relay-pass',
        MAIL_FROM: 'Meds <meds@clinic.example>',
        PUBLIC_URL: 'https://meds.clinic.example',
        OPERATOR_CONTACT: 'it@clinic.example',
        METRICS_TOKEN: 'metrics-token-of-the-mail-test',
      },
    });
  });
  afterAll(async () => {
    await server.close();
    await catcher.stop();
  });

  it('delivers an enqueued message within a poll, with its links on PUBLIC_URL, and counts it', async () => {
    await enqueue(server, 'ada@example.com');
    // Polled each second: it arrives at once (the wait is long only for a loaded machine).
    const mail = await catcher.waitFor('ada@example.com', /Reset/, 20_000);
    const row = async () =>
      (
        await server.database.handle.db
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.toAddress, 'ada@example.com'))
      )[0];
    expect(await waitFor(async () => (await row())?.status === 'sent', 10_000)).toBe(true);
    expect(await row()).toMatchObject({ attempts: 1, textBody: null, htmlBody: null });
    expect(mail.authUser).toBe('relay-user');
    expect(mail.from).toEqual({ name: 'Meds', address: 'meds@clinic.example' });
    expect(mail.links).toContain(`https://meds.clinic.example/reset-password?token=${TOKEN}`);
    expect(mail.links.every((link) => link.startsWith('https://meds.clinic.example'))).toBe(true);
    expect(mail.text).toContain('it@clinic.example');
    expect(mail.html).toContain('it@clinic.example');
    expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@clinic\.example>$/);
    expect(
      await waitFor(
        async () =>
          (await scrape(server)).includes('medrem_mail_sent_total{kind="password-reset",role="server"} 1'),
        10_000,
      ),
    ).toBe(true);
    const metrics = await scrape(server);
    expect(metrics).toContain('medrem_mail_transport{transport="smtp",role="server"} 1');
    expect(metrics).toContain('medrem_mail_pending{role="server"} 0');
  });

  it('says where mail goes without the SMTP credentials, and never logs the address or the token', () => {
    const text = log.join('\n');
    expect(text).toContain('mail is sent over SMTP');
    expect(text).toContain('smtp://127.0.0.1');
    expect(text).not.toContain('relay-pass');
    expect(text).not.toContain('ada@example.com');
    expect(text).not.toContain(TOKEN);
  });
});

describe('mail without SMTP: .eml files in DATA_DIR/mail/', () => {
  let server: TestServer;
  const log: string[] = [];

  beforeAll(async () => {
    server = await startTestServer({
      logLines: log,
      env: { METRICS_TOKEN: 'metrics-token-of-the-mail-test' },
    });
  });
  afterAll(() => server.close());

  it('writes each message as a private .eml file any mail program reads, and logs one masked line', async () => {
    await enqueue(server, 'grace@example.com');
    const dir = path.join(server.dataDir, 'mail');
    const mails = async () => (await readdir(dir).catch(() => [])).filter((n) => n.endsWith('.eml'));
    expect(await waitFor(async () => (await mails()).length > 0, 20_000)).toBe(true);
    const [name] = await mails();
    expect(name).toMatch(/^\d{8}T\d{6}Z-password-reset-[0-9a-f-]{36}\.eml$/);
    const file = path.join(dir, name!);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    const parsed = await simpleParser(await readFile(file));
    expect(parsed.subject).toBe('Reset your Medicine Reminder password');
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : '').toBe('grace@example.com');
    expect(parsed.text).toContain(`http://localhost:3000/reset-password?token=${TOKEN}`);
    expect(parsed.html).toContain(`reset-password?token=${TOKEN}`);
    expect(parsed.messageId).toMatch(/^<[0-9a-f-]{36}@localhost>$/);

    const lines = log.filter((line) => line.includes('saved to'));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 30,
      msg: `mail for g***@example.com saved to ${file}; set SMTP_URL to send it`,
    });
    const text = log.join('\n');
    expect(text).not.toContain('grace@example.com');
    expect(text).not.toContain(TOKEN);
    expect(text).toContain('SMTP_URL is not set');
  });

  it('shows the operator that mail is written to files, not delivered', async () => {
    const metrics = await scrape(server);
    expect(metrics).toContain('medrem_mail_transport{transport="files",role="server"} 1');
    expect(metrics).toMatch(/medrem_mail_oldest_pending_seconds\{role="server"\} 0/);
  });
});
