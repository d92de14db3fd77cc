// Plain data without zod, in a module of its own (`@medrem/contract/constants`), like
// settings-defaults.ts: the dashboard's refill dialog and as-needed button need these, and importing
// the contract's index would put every schema and zod in the signed-in start and the offline
// start (decisions 052, 059).

/** Limits of stored text, so that no field can grow without bound. */
export const LIMITS = {
  name: 100,
  email: 254,
  passwordMax: 128,
  medicineName: 120,
  dosage: 60,
  instructions: 1000,
  notificationTitle: 200,
  notificationMessage: 2000,
  pushToken: 4096,
  idToken: 8192,
  maxDays: 3650,
  maxPills: 100_000,
  maxPillsPerDose: 100,
  maxHistoryDays: 366,
  maxReminderAdvanceMinutes: 1440,
} as const;

/**
 * Why a call was refused, in machine-readable form, where one status has causes a client must tell
 * apart (decision 181): the error body's `data.reason`. A 409 of a call with an idempotencyKey may be
 * the call's own refusal or the key's.
 */
export const ERROR_REASONS = {
  /** The idempotencyKey was used before for another call or other input: not this call's answer. */
  idempotencyKeyReused: 'IDEMPOTENCY_KEY_REUSED',
  /** An as-needed dose would pass its safety limits (send override: true to record it anyway). */
  asNeededLimit: 'AS_NEEDED_LIMIT',
  /** Sign-in refused: the operator requires a verified address and this one is not (decision 209). */
  emailUnverified: 'EMAIL_UNVERIFIED',
  /** Sign-in refused: an administrator disabled the account (decision 281). */
  accountDisabled: 'ACCOUNT_DISABLED',
  /** Registration refused: this server takes no new accounts (SIGNUPS=closed, decision 282). */
  signupsClosed: 'SIGNUPS_CLOSED',
  /** Registration refused: this server takes new accounts only through an invitation (283). */
  invitationRequired: 'INVITATION_REQUIRED',
  /** A personal access token called outside its scopes, or an account-only call (issue 59). */
  tokenScope: 'TOKEN_SCOPE',
  /** The account holds MAX_PERSONAL_TOKENS live personal tokens already (issue 59). */
  tokenLimit: 'TOKEN_LIMIT',
  /** A password alone was sent for an account with two-step sign-in (/jwt, decision 286). */
  twoFactorRequired: 'TWO_FACTOR_REQUIRED',
  /** A wrong, expired or already used TOTP or recovery code (decisions 287, 288). */
  twoFactorCodeInvalid: 'TWO_FACTOR_CODE_INVALID',
  /** The second step's ticket is unknown, used or older than SECOND_STEP_MINUTES (286). */
  twoFactorTicketInvalid: 'TWO_FACTOR_TICKET_INVALID',
  /** A pack's serial of the same product was added before: a rescan (issue 58, decision 321). */
  packSerialKnown: 'PACK_SERIAL_KNOWN',
} as const;

/** Who may make an account on this server (issue 57, decision 282). */
export const SIGNUP_POLICIES = ['open', 'invite', 'closed'] as const;
export type SignupPolicy = (typeof SIGNUP_POLICIES)[number];

/** How long an invitation to register works (decision 283). */
export const SIGNUP_INVITATION_DAYS = 7;
export type ErrorReason = (typeof ERROR_REASONS)[keyof typeof ERROR_REASONS];
