import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../../src/db/schema';
import { freePort } from '../../support/free-port';
import { TEST_ENGINE } from '../../support/test-database';
import { type TestServer, startTestServer } from '../../support/test-server';

const MINUTE = 60_000;

const health = async (server: TestServer) => {
  const response = await fetch(`${server.baseUrl}/api/health`);
  expect(response.status).toBe(200);
  return (await response.json()) as { status: string; mail: string };
};

/** Decision 221: the public health answer says how mail leaves, or that it does not; nothing more. */
describe(`what /api/health says of mail (${TEST_ENGINE})`, () => {
  it('files: mail is written to DATA_DIR/mail/, not delivered', async () => {
    const server = await startTestServer();
    try {
      expect(await health(server)).toEqual({ status: 'ok', mail: 'files' });
    } finally {
      await server.close();
    }
  });

  describe('smtp, with the relay down', () => {
    let server: TestServer;
    const log: string[] = [];
    beforeAll(async () => {
      // Nothing listens there: every attempt fails at once and the message waits.
      server = await startTestServer({
        logLines: log,
        env: { SMTP_URL: `smtp://127.0.0.1:${await freePort()}`, PUBLIC_URL: 'https://meds.example.org' },
      });
    });
    afterAll(() => server.close());

    const check = () => server.app.services.mailHealth.check(server.app.log);
    const warnings = () => log.filter((line) => line.includes('mail is not being delivered'));

    it('says smtp while mail waits less than 15 minutes, failing from then on, and smtp once it left', async () => {
      expect(await health(server)).toEqual({ status: 'ok', mail: 'smtp' });
      const { services } = server.app;
      await services.mail.outboxOf(server.database.handle.db).enqueue({
        kind: 'password-reset',
        userId: null,
        to: 'ada@example.com',
        subject: 'Reset your Medicine Reminder password',
        text: 'Hello Ada',
        html: '<p>Hello Ada</p>',
      });
      server.clock.advance(14 * MINUTE);
      expect(await check()).toBe('smtp');
      expect((await health(server)).mail).toBe('smtp');

      server.clock.advance(MINUTE);
      expect(await check()).toBe('failing');
      expect(await health(server)).toEqual({ status: 'ok', mail: 'failing' });
      await check();
      // Said once, when it began, without the address.
      expect(warnings()).toHaveLength(1);
      expect(warnings()[0]).toContain('the oldest message has waited 15 minutes');
      expect(warnings()[0]).not.toContain('ada@example.com');

      // The relay is back and the message left: the state and the log say so.
      await server.database.handle.db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: server.clock.now() })
        .where(eq(mailOutbox.toAddress, 'ada@example.com'));
      expect(await check()).toBe('smtp');
      expect((await health(server)).mail).toBe('smtp');
      expect(log.filter((line) => line.includes('mail is leaving the outbox again'))).toHaveLength(1);
    });
  });
});
