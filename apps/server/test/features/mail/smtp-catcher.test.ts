import nodemailer from 'nodemailer';
import { afterEach, describe, expect, it } from 'vitest';
import { SmtpCatcher } from '../../support/smtp-catcher';

/** The catcher the mail tests (server and browser) rely on, checked with a plain SMTP client. */
const running: SmtpCatcher[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((c) => c.stop()));
});

async function catcher(options?: Parameters<typeof SmtpCatcher.start>[0]) {
  const c = await SmtpCatcher.start(options);
  running.push(c);
  return c;
}

function send(url: string, to: string, subject: string) {
  const transport = nodemailer.createTransport(url);
  return transport
    .sendMail({
      from: 'Medicine Reminder <no-reply@meds.example.org>',
      to,
      subject,
      text: `Open https://meds.example.org/reset-password?token=abc to go on.`,
      html: '<p><a href="https://meds.example.org/reset-password?token=abc&amp;x=1">Go on</a></p>',
    })
    .finally(() => transport.close());
}

describe('SMTP catcher', () => {
  it('receives a message over SMTP and parses both parts, the sender and the links', async () => {
    const c = await catcher();
    await send(c.url, 'Ada@Example.com', 'Reset your password');
    const mail = await c.waitFor('ada@example.com', /Reset/);
    expect(mail.subject).toBe('Reset your password');
    expect(mail.from).toEqual({ name: 'Medicine Reminder', address: 'no-reply@meds.example.org' });
    expect(mail.text).toContain('Open https://meds.example.org/reset-password?token=abc');
    expect(mail.html).toContain('<a href=');
    expect(mail.links).toEqual([
      'https://meds.example.org/reset-password?token=abc&x=1',
      'https://meds.example.org/reset-password?token=abc',
    ]);
    expect(mail.messageId).toMatch(/^<.+@.+>$/);
    expect(c.received('ada@example.com')).toHaveLength(1);
  });

  it('waits for a message still to come, and names what arrived when none matches', async () => {
    const c = await catcher();
    const waiting = c.waitFor('bob@example.com', /Welcome/);
    await send(c.url, 'bob@example.com', 'Welcome');
    expect((await waiting).subject).toBe('Welcome');
    await expect(c.waitFor('bob@example.com', /Other/, 200)).rejects.toThrow(
      /received: bob@example.com: Welcome/,
    );
  });

  it('refuses the next messages with the code asked for, then accepts again', async () => {
    const c = await catcher();
    c.refuseNext(1, 451);
    await expect(send(c.url, 'ada@example.com', 'First')).rejects.toMatchObject({ responseCode: 451 });
    c.refuseNext(1, 550);
    await expect(send(c.url, 'ada@example.com', 'Second')).rejects.toMatchObject({ responseCode: 550 });
    await send(c.url, 'ada@example.com', 'Third');
    expect(c.received('ada@example.com').map((m) => m.subject)).toEqual(['Third']);
    expect(c.refusalsLeft).toBe(0);
  });

  it('when stopped, refuses connections; restarted on the same port, receives again', async () => {
    const c = await catcher();
    const port = c.port;
    await c.stop();
    await expect(send(c.url, 'ada@example.com', 'Lost')).rejects.toMatchObject({ code: 'ESOCKET' });
    await c.restart();
    expect(c.port).toBe(port);
    await send(c.url, 'ada@example.com', 'Back');
    expect((await c.waitFor('ada@example.com')).subject).toBe('Back');
  });

  it('requires the credentials when configured with them', async () => {
    const c = await catcher({ credentials: { user: 'mailer', password: 's3cret:/@' } });
    await expect(
      send(`smtp://mailer:wrong@127.0.0.1:${c.port}`, 'ada@example.com', 'No'),
    ).rejects.toMatchObject({ responseCode: 535 });
    await send(c.url, 'ada@example.com', 'Yes');
    const mail = await c.waitFor('ada@example.com');
    expect(mail.authUser).toBe('mailer');
  });
});
