import { describe, expect, it } from 'vitest';
import { publicLink, renderMail } from '../../../src/features/mail/mail-layout';
import { mailConfig } from '../../../src/config/mail-config';

const brand = {
  productName: 'Medicine Reminder',
  publicUrl: 'https://meds.example.org',
  operatorContact: 'ops@example.org',
};

describe('mail layout', () => {
  it('writes the same content as text and as escaped HTML, with the product and the operator', () => {
    const mail = renderMail(
      {
        greeting: 'Hello <Ada>,',
        paragraphs: ['Someone asked to reset the password of "ada@example.com".'],
        action: {
          label: 'Choose a new password',
          url: 'https://meds.example.org/reset-password?token=a&b=1',
        },
        after: ['If it was not you, ignore this mail.'],
      },
      brand,
    );
    expect(mail.text).toContain('Hello <Ada>,');
    expect(mail.text).toContain('Choose a new password: https://meds.example.org/reset-password?token=a&b=1');
    expect(mail.text).toContain('ops@example.org');
    expect(mail.text).toContain('Medicine Reminder');
    expect(mail.html).toContain('Hello &lt;Ada&gt;,');
    expect(mail.html).not.toContain('<Ada>');
    expect(mail.html).toContain('href="https://meds.example.org/reset-password?token=a&amp;b=1"');
    expect(mail.html).toContain('&quot;ada@example.com&quot;');
    expect(mail.html).toContain('ops@example.org');
  });

  it('builds links on the public origin, keeping its path', () => {
    expect(publicLink('https://meds.example.org', '/reset-password', { token: 'x y' })).toBe(
      'https://meds.example.org/reset-password?token=x+y',
    );
    expect(publicLink('https://example.org/meds', '/verify-email', { token: 't' })).toBe(
      'https://example.org/meds/verify-email?token=t',
    );
  });

  it('defaults the public origin to this machine and the sender to its host', () => {
    const config = mailConfig({ PORT: 3000, REQUIRE_EMAIL_VERIFICATION: 'false' });
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.publicUrlConfigured).toBe(false);
    expect(config.from).toBe('Medicine Reminder <no-reply@localhost>');
    const set = mailConfig({
      PORT: 3000,
      PUBLIC_URL: 'https://meds.example.org/',
      REQUIRE_EMAIL_VERIFICATION: 'true',
    });
    expect(set.publicUrl).toBe('https://meds.example.org');
    expect(set.requireEmailVerification).toBe(true);
  });
});
