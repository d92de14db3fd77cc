import { describe, expect, it } from 'vitest';
import { mailConfig } from '../../../src/config/mail-config';
import { createMailTransport } from '../../../src/features/mail/mail-transport';
import { maskAddresses } from '../../../src/features/mail/mail-address-mask';

/** The operator's start-up lines (decision 202): where mail goes, never the credentials. */
function start(env: Partial<Parameters<typeof mailConfig>[0]>) {
  const lines: { level: string; object: unknown; message: string | undefined }[] = [];
  const log = {
    info: (object: object, message: string) => lines.push({ level: 'info', object, message }),
    warn: (object: object | string, message?: string) => lines.push({ level: 'warn', object, message }),
  };
  const transport = createMailTransport(
    mailConfig({ PORT: 3000, REQUIRE_EMAIL_VERIFICATION: 'false', ...env }),
    '/srv/medrem',
    log,
  );
  return { transport, lines, text: JSON.stringify(lines) };
}

describe('choosing the mail transport', () => {
  it('sends over SMTP when SMTP_URL is set, naming the relay without its credentials, and warns without PUBLIC_URL', async () => {
    const { transport, lines, text } = start({ SMTP_URL: 'smtp://mailer:pa55word@relay.example.org' });
    expect(transport.kind).toBe('smtp');
    expect(text).toContain('smtp://relay.example.org:587');
    expect(text).not.toContain('pa55word');
    expect(text).not.toContain('mailer');
    expect(lines.find((l) => l.level === 'warn')?.message).toMatch(/PUBLIC_URL is not/);
    await transport.close();
  });

  it('does not warn about PUBLIC_URL when it is set; smtps defaults to port 465', () => {
    const { lines, text } = start({
      SMTP_URL: 'smtps://relay.example.org',
      PUBLIC_URL: 'https://meds.example.org',
    });
    expect(lines.filter((l) => l.level === 'warn')).toEqual([]);
    expect(text).toContain('smtps://relay.example.org:465');
  });

  it('writes files without SMTP_URL and says that mail is not delivered', () => {
    const { transport, lines } = start({});
    expect(transport.kind).toBe('files');
    expect(lines).toEqual([
      expect.objectContaining({
        level: 'warn',
        object: { dir: '/srv/medrem/mail' },
        message: expect.stringMatching(/not delivered/),
      }),
    ]);
  });

  it('masks every address an SMTP error quotes', () => {
    expect(maskAddresses('550 5.1.1 <ada.l@example.com>: Recipient address rejected')).toBe(
      '550 5.1.1 <a***@example.com>: Recipient address rejected',
    );
  });
});
