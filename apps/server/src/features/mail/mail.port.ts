import type { Database } from '../../db/database';

/** What a mail is about: the outbox's metrics and the operator's log count messages by kind. */
export const MAIL_KINDS = [
  'password-reset',
  'provider-sign-in',
  'email-verification',
  'email-change-confirm',
  'email-change-notice',
  'care-invitation',
  /** An invitation to register on an invite-only server (issue 57). */
  'signup-invitation',
  /** A sign-in from a device the account had not been used on (issue 57, decision 295). */
  'new-sign-in',
  /** Whatever the email channel carries: reminders, and a notice that a device stopped (issue 53). */
  'reminder',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** A message as a service composes it: rendered already (see mail-layout.ts), both parts present. */
export interface OutgoingMail {
  kind: MailKind;
  /** The account the mail is about; deleting the account deletes its unsent mail. */
  userId: string | null;
  /** Trimmed and lower-cased address. */
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * The message's own id, when what enqueues it may run twice for the same message (a retried
   * send of the push outbox, decision 235): a second enqueue with it adds nothing.
   */
  onceId?: string;
}

/**
 * Where services put mail: the durable outbox, written in the caller's transaction, so a mail is
 * sent if and only if what caused it committed. Sending happens later, in the reminder workers
 * (never inside a request).
 */
export interface MailOutbox {
  enqueue(mail: OutgoingMail): Promise<void>;
}

/** Builds an outbox over a database or a transaction (what a service's write scope holds). */
export type MailOutboxFactory = (db: Database) => MailOutbox;

/** The result of one attempt to hand a message to the mail system. */
export type MailSendResult =
  | { outcome: 'sent'; detail?: string }
  /**
   * Worth retrying later: connection refused, timeout, a 4xx SMTP reply. `unreachable` when the
   * mail system could not be reached at all, so the rest of a batch need not try now either.
   */
  | { outcome: 'temporary-failure'; error: string; unreachable?: boolean }
  /** Retrying cannot help: a 5xx SMTP reply (no such mailbox, refused sender). */
  | { outcome: 'permanent-failure'; error: string };

/** The message as the transport sends it: the outbox row's id gives a stable Message-ID. */
export interface MailEnvelope {
  id: string;
  kind: MailKind;
  /** When the mail was put in the outbox (its Date header, the `.eml` file's name). */
  createdAt: Date;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** One way out for mail: SMTP (`SMTP_URL`), or `.eml` files in `DATA_DIR/mail/` when none is set. */
export interface MailTransport {
  /** 'smtp' or 'files': shown to the operator (health detail, metrics). */
  readonly kind: 'smtp' | 'files';
  send(message: MailEnvelope): Promise<MailSendResult>;
  close(): Promise<void>;
}
