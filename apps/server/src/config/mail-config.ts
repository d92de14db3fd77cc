/** The environment variables of mail (issue 52), as config.ts has parsed them. */
export interface MailEnv {
  PORT: number;
  SMTP_URL?: string;
  SMTP_USER?: string;
  SMTP_PASSWORD?: string;
  MAIL_FROM?: string;
  PUBLIC_URL?: string;
  OPERATOR_CONTACT?: string;
  REQUIRE_EMAIL_VERIFICATION: 'true' | 'false';
}

export const PRODUCT_NAME = 'Medicine Reminder';

/**
 * Without `SMTP_URL` mail is written to `DATA_DIR/mail/` (the embedded default needs nothing
 * installed). Links in mail use `PUBLIC_URL`, never a request's Host header; without it they point
 * at this machine's port, which is right for the embedded default opened on the same machine and
 * is said at start-up otherwise.
 */
export function mailConfig(e: MailEnv) {
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    smtpUrl: e.SMTP_URL,
    smtpUser: e.SMTP_USER,
    smtpPassword: e.SMTP_PASSWORD,
    from: e.MAIL_FROM ?? `${PRODUCT_NAME} <no-reply@${new URL(publicUrl).hostname}>`,
    publicUrl,
    publicUrlConfigured: e.PUBLIC_URL !== undefined,
    operatorContact: e.OPERATOR_CONTACT,
    requireEmailVerification: e.REQUIRE_EMAIL_VERIFICATION === 'true',
  };
}

export type MailConfig = ReturnType<typeof mailConfig>;
