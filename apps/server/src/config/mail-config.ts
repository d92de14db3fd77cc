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
  MAIL_RETRY_SECONDS?: number | undefined;
  MAIL_RETRY_MAX_SECONDS?: number | undefined;
  MAIL_MAX_ATTEMPTS?: number | undefined;
  MAIL_LEASE_SECONDS?: number | undefined;
  MAIL_POLL_MS?: number | undefined;
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
    /** How the outbox is drained (features/mail/mail-delivery.ts, decision 200). */
    // First retry after 30 s, doubling to at most an hour; 30 attempts give up after about a day.
    // The lease outlasts a send's SMTP timeouts several times over; mail goes out within a poll.
    delivery: {
      retryBaseMs: (e.MAIL_RETRY_SECONDS ?? 30) * 1000,
      retryMaxMs: (e.MAIL_RETRY_MAX_SECONDS ?? 3600) * 1000,
      maxAttempts: e.MAIL_MAX_ATTEMPTS ?? 30,
      leaseMs: (e.MAIL_LEASE_SECONDS ?? 180) * 1000,
      pollMs: e.MAIL_POLL_MS ?? 1000,
    },
  };
}

export type MailConfig = ReturnType<typeof mailConfig>;

/** How this configuration sends mail: over SMTP when SMTP_URL is set, else into DATA_DIR/mail/. */
export const mailTransportKind = (mail: MailConfig): 'smtp' | 'files' => (mail.smtpUrl ? 'smtp' : 'files');
