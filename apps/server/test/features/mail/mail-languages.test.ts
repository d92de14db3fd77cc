import { DEFAULT_CARE_PERMISSIONS } from '@medrem/contract';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users, userSettings } from '../../../src/db/schema';
import { providerSignInMail } from '../../../src/features/account/password-reset-mail';
import { newSignInMail } from '../../../src/features/activity/new-sign-in-mail';
import { MailOutboxRepository } from '../../../src/features/mail/mail-outbox.repository';
import { EmailChannelSender } from '../../../src/features/push/channels/email-channel.sender';
import { ApiClient } from '../../support/api-client';
import { mailedLink } from '../../support/outbox-links';
import { DEFAULT_PASSWORD, uniqueEmail } from '../../support/scenario';
import { type CaughtMail, SmtpCatcher } from '../../support/smtp-catcher';
import { type TestDatabase, TEST_ENGINE, createTestDatabase } from '../../support/test-database';
import { type TestServer, startTestServer } from '../../support/test-server';

const PUBLIC_URL = 'https://meds.example.org/app';
const OPERATOR = 'ops@example.org';
const RESET_LINK = /^https:\/\/meds\.example\.org\/app\/reset-password\?token=[A-Za-z0-9_-]{43}$/;

/** The parts as a reader sees them, line ends as written (SMTP carries them as CRLF). */
const textOf = (mail: CaughtMail) => mail.text.replace(/\r\n/g, '\n').trimEnd();

/**
 * Decision 364: every mail the server sends is in its recipient's language, from the account's
 * settings: subject, text and HTML, the frame's words too, and the HTML laid out in the language's
 * direction. An account that never chose a language gets the English it always got.
 */
describe(`mail in the recipient's language (${TEST_ENGINE})`, () => {
  let server: TestServer;
  let catcher: SmtpCatcher;
  beforeAll(async () => {
    catcher = await SmtpCatcher.start();
    server = await startTestServer({
      env: { PUBLIC_URL, SMTP_URL: catcher.url, OPERATOR_CONTACT: OPERATOR },
    });
  });
  afterAll(async () => {
    await server.close();
    await catcher.stop();
  });

  /** A new account, signed in, registered with `locale` (none: the account never chose one). */
  async function account(label: string, name: string, locale?: string) {
    const api = new ApiClient(server.baseUrl);
    const email = uniqueEmail(label);
    const user = await api.signUpAndIn({
      name,
      email,
      password: DEFAULT_PASSWORD,
      ...(locale ? { locale } : {}),
    });
    return { api, id: user.id, email, name };
  }

  const askReset = async (email: string) => {
    const answer = await new ApiClient(server.baseUrl).post('/api/auth/password-reset', { email });
    expect(answer.status, answer.text).toBe(202);
  };

  /** The one reset link of a mail, the same in both parts, and still a working link. */
  async function expectWorkingResetLink(mail: CaughtMail): Promise<string> {
    const links = [...new Set(mail.links.filter((link) => link.includes('/reset-password')))];
    expect(links, mail.text).toHaveLength(1);
    expect(links[0]).toMatch(RESET_LINK);
    expect(mail.text).toContain(links[0]);
    const token = new URL(links[0]!).searchParams.get('token');
    const state = await new ApiClient(server.baseUrl).post('/api/auth/password-reset/check', { token });
    expect(state.body).toEqual({ state: 'usable' });
    return links[0]!;
  }

  it('writes a Spanish account’s password-reset mail in Spanish, its link intact', async () => {
    const lucia = await account('es-reset', 'Lucía', 'es');
    await askReset(lucia.email);
    const mail = await catcher.waitFor(lucia.email, /contraseña/, 20_000);
    expect(mail.subject).toBe('Restablezca su contraseña de Medicine Reminder');
    const link = await expectWorkingResetLink(mail);
    const text = textOf(mail);
    expect(text.startsWith('Hola, Lucía:\n\n'), text).toBe(true);
    expect(text).toContain(
      `Alguien pidió restablecer la contraseña de la cuenta de Medicine Reminder de ${lucia.email}.`,
    );
    expect(text).toContain(`Elija una nueva contraseña: ${link}`);
    expect(text).toContain('El enlace sirve una sola vez, dentro de 30 minutos.');
    expect(text).toContain(`Este servidor lo administra ${OPERATOR}.`);
    expect(mail.html).toContain('<html lang="es" dir="ltr">');
    expect(mail.html).toContain('>Elija una nueva contraseña</a>');
    // The link's sentence is translated and the link inside it is still an anchor.
    expect(mail.html).toContain(`O abra este enlace: <a href="${link}"`);
    for (const english of [
      'Hello',
      'Choose a new password',
      'The link works',
      'Or open this link',
      'This server',
    ]) {
      expect(text + mail.html, english).not.toContain(english);
    }
  });

  it('lays out an Arabic account’s mail right to left, in Arabic', async () => {
    const samir = await account('ar-verify', 'سمير', 'ar');
    // The verification mail registration sends, in the language given at registration.
    const mail = await catcher.waitFor(samir.email, /Medicine Reminder/, 20_000);
    expect(mail.subject).toBe('أكّد عنوانك في Medicine Reminder');
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(textOf(mail).startsWith('مرحبًا سمير،\n\n')).toBe(true);
    expect(mail.html).toContain(
      'أو افتح هذا الرابط: <a href="https://meds.example.org/app/verify-email?token=',
    );
    expect(mail.text).toContain('يعمل الرابط مرة واحدة، لمدة 48 ساعة.');
  });

  it('writes a care invitation in the invitee’s language, or the patient’s for an address without an account', async () => {
    const patient = await account('pt-patient', 'Ana Souza', 'pt-BR');
    // Invitations are mailed only for a patient whose address is proven (decision 210).
    const { token } = await mailedLink(
      catcher,
      patient.email,
      /^Confirme seu endereço para o Medicine Reminder$/,
    );
    const verified = await new ApiClient(server.baseUrl).post('/api/auth/email-verification/confirm', {
      token,
    });
    expect(verified.status, verified.text).toBe(200);
    const invite = async (email: string) => {
      const response = await patient.api.post(`/api/care/${patient.email}/invitations`, {
        email,
        permissions: DEFAULT_CARE_PERMISSIONS,
      });
      expect(response.status, response.text).toBe(201);
      expect(response.body.mailed).toBe(true);
      return `${PUBLIC_URL}/care/accept?token=${response.body.token as string}`;
    };

    const carer = await account('de-carer', 'Klaus', 'de');
    const toCarer = await invite(carer.email);
    const german = await catcher.waitFor(carer.email, /Ana Souza/, 20_000);
    expect(german.subject).toBe('Ana Souza lädt Sie in den eigenen Betreuungskreis ein');
    expect(textOf(german)).toContain(`Einladung ansehen: ${toCarer}`);
    expect(textOf(german)).toContain('Der Link funktioniert einmal, 7 Tage lang.');
    expect(german.html).toContain('<html lang="de" dir="ltr">');

    const stranger = uniqueEmail('no-account');
    const toStranger = await invite(stranger);
    const portuguese = await catcher.waitFor(stranger, /Ana Souza/, 20_000);
    expect(portuguese.subject).toBe('Ana Souza convida você para o círculo de cuidado');
    expect(textOf(portuguese)).toContain(`Ver o convite: ${toStranger}`);
    expect(textOf(portuguese)).toContain(`Aceite com uma conta no endereço ${stranger}`);
    expect(portuguese.html).toContain('<html lang="pt-BR" dir="ltr">');
  });

  it('gives an account without a language the English mail it always got, byte for byte', async () => {
    const ada = await account('en-reset', 'Ada');
    await askReset(ada.email);
    const mail = await catcher.waitFor(ada.email, /^Reset your/, 20_000);
    expect(mail.subject).toBe('Reset your Medicine Reminder password');
    const link = await expectWorkingResetLink(mail);
    expect(textOf(mail)).toBe(
      [
        'Hello Ada,',
        `Someone asked to reset the password of the Medicine Reminder account for ${ada.email}. If it was you, choose a new password with the button below.`,
        `Choose a new password: ${link}`,
        'The link works once, within 30 minutes. Choosing a new password signs you out on every other device.',
        'If you did not ask for this, ignore this mail: your password stays as it is.',
        `—\nMedicine Reminder · ${PUBLIC_URL}\nThis server is run by ${OPERATOR}. Questions about your account go there.`,
      ].join('\n\n'),
    );
    expect(mail.html).toContain('<html lang="en" dir="ltr">');
    expect(mail.html).toContain(`Or open this link: <a href="${link}"`);
    const verification = await catcher.waitFor(ada.email, /^Verify/, 20_000);
    expect(verification.subject).toBe('Verify your address for Medicine Reminder');
  });
});

describe('mail texts that depend on the language beyond the words', () => {
  const brand = { productName: 'Medicine Reminder', publicUrl: 'https://meds.example.org' };
  const signIn = {
    userId: 'u1',
    name: 'Ada',
    email: 'ada@example.org',
    at: new Date('2026-12-06T16:30:00Z'),
    timezone: 'Europe/Berlin',
    device: 'Firefox on Windows',
    ip: null,
  };

  it('tells a new sign-in’s time in the reader’s zone, the English as it was and the others as they write it', () => {
    const english = newSignInMail(signIn, brand, { locale: 'en', clock: 'auto' });
    expect(english.text).toContain('When: 6 December 2026 at 17:30 (Europe/Berlin)');
    expect(english.text).toContain("Network: unknown (the address's last part is not kept)");
    const twelveHour = newSignInMail(signIn, brand, { locale: 'en', clock: '12h' });
    expect(twelveHour.text).toContain('When: 6 December 2026 at 5:30 PM (Europe/Berlin)');
    const german = newSignInMail(signIn, brand, { locale: 'de', clock: 'auto' });
    expect(german.subject).toBe('Neue Anmeldung bei Ihrem Medicine Reminder-Konto');
    expect(german.text).toContain('Wann: 06.12.2026 um 17:30 (Europe/Berlin)');
  });

  it('names the ways to sign in as one choice in the reader’s language', () => {
    const to = { userId: 'u1', name: '', email: 'ada@example.org' };
    const english = providerSignInMail(to, ['Google', 'Example SSO'], brand, { locale: 'en', clock: 'auto' });
    expect(english.text).toContain('Hello,\n\n');
    expect(english.text).toContain(
      'you sign in with Google or Example SSO. On the sign-in page, press “Login with Google”.',
    );
    const spanish = providerSignInMail(to, ['Google', 'Example SSO'], brand, { locale: 'es', clock: 'auto' });
    expect(spanish.subject).toBe('Cómo iniciar sesión en Medicine Reminder');
    expect(spanish.text).toContain('usted inicia sesión con Google o Example SSO.');
    expect(spanish.text).toContain('pulse “Iniciar sesión con Google”');
  });
});

describe(`a reminder by mail: the words around it in the recipient's language (${TEST_ENGINE})`, () => {
  let database: TestDatabase;
  let sender: EmailChannelSender;
  beforeAll(async () => {
    database = await createTestDatabase();
    sender = new EmailChannelSender({
      db: database.handle.db,
      brand: { productName: 'Medicine Reminder', publicUrl: 'https://meds.example.org' },
      outboxOf: (scope) => new MailOutboxRepository(scope),
    });
  });
  afterAll(async () => database?.drop());

  /** Mails one reminder, its title already in the reader's language (the engine writes it so). */
  async function mailReminder(locale: string | null, title: string) {
    const { db } = database.handle;
    const email = uniqueEmail('channel');
    const [user] = await db
      .insert(users)
      .values({ name: 'Ada', email, passwordHash: null, emailVerifiedAt: new Date() })
      .returning({ id: users.id });
    const userId = user!.id;
    if (locale) await db.insert(userSettings).values({ userId, preferences: {}, timezone: 'UTC', locale });
    const payload = { v: 1, id: randomUUID(), type: 'reminder', title, body: 'Aspirin (100mg)', tag: 'dose' };
    const message = {
      payload: JSON.stringify({ ...payload, url: '/', createdAt: '2026-11-21T08:00:00.000Z', actions: [] }),
      topic: 'dose',
      ttlSeconds: 3600,
      urgency: 'high' as const,
    };
    const target = { kind: 'email', endpoint: `mailto:${email}`, token: 'email', userId };
    expect(await sender.send(target, message)).toEqual({ ok: true });
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    return row!;
  }

  it('frames a French reminder in French, and one for an account without a language in English', async () => {
    const french = await mailReminder('fr', 'C’est l’heure de votre dose du matin');
    expect(french.subject).toBe('C’est l’heure de votre dose du matin');
    expect(french.textBody).toContain('Ouvrir\u00a0: https://meds.example.org/');
    expect(french.textBody).toContain('parce que vous les avez activés dans Paramètres → Notifications.');
    expect(french.htmlBody).toContain('<html lang="fr" dir="ltr">');
    expect(french.textBody).not.toContain('Open');

    const english = await mailReminder(null, 'Time for your Morning dose');
    expect(english.textBody).toContain('Open: https://meds.example.org/');
    expect(english.textBody).toContain(
      'You get reminders by mail because you turned them on in Settings → Notifications.',
    );
  });
});
