// Plain data without zod, in a module of its own (`@medrem/contract/token-scopes`), like
// constants.ts: the web app's token screen names the scopes without pulling every schema in.

/**
 * What a personal access token may do (issue 59). Each scope names its own calls: `read` does not
 * imply a write, and a write does not imply `read` (decision 267).
 */
export const TOKEN_SCOPES = ['read', 'doses:write', 'medicines:write', 'journal:write'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/**
 * The scope a bearer procedure needs: one of TOKEN_SCOPES, or 'account' (no personal token may ever
 * call it: account settings, password, email, export, deletion, sessions, devices, care circle, the
 * token calls themselves). A full session token calls every one.
 */
export type ProcedureScope = TokenScope | 'account';

/** One plain-English line per scope, for the token screen and the API document. */
export const TOKEN_SCOPE_TEXT: Record<TokenScope, string> = {
  read: 'Read medicines, doses, reports, notifications and the health journal.',
  'doses:write': 'Record doses: tick, take, skip and as-needed intakes.',
  'medicines:write': 'Add, edit and delete medicines and their refills.',
  'journal:write': 'Record, edit and delete health journal entries: readings, symptoms, mood, own types.',
};

/** Every personal token starts so, for people and secret scanners to recognise it. */
export const PAT_PREFIX = 'mr_pat_';
/** Live (not revoked) personal tokens one account may hold. */
export const MAX_PERSONAL_TOKENS = 100;
/** A token's name, in characters. */
export const TOKEN_NAME_MAX = 100;
/** The furthest expiry a token may be given, in years from its creation. */
export const TOKEN_MAX_YEARS = 5;

/**
 * Whether a caller may call a procedure needing `needed`: a full session (no scopes) may call every
 * one; a personal token only what one of its own scopes names, never an 'account' call. No scope
 * implies another (decision 267).
 */
export function tokenAllows(scopes: readonly TokenScope[] | undefined, needed: ProcedureScope): boolean {
  if (scopes === undefined) return true;
  return needed !== 'account' && scopes.includes(needed);
}

/** The 403's sentence for a personal token outside its scopes. */
export function scopeRefusalMessage(needed: ProcedureScope): string {
  return needed === 'account'
    ? 'A personal access token cannot do this: sign in to the app to manage your account.'
    : `This token lacks the scope ${needed}.`;
}

/** A personal token's whole form: the prefix, 32 random bytes and a 4-byte CRC-32, base64url. */
export const PAT_PATTERN = /^mr_pat_[A-Za-z0-9_-]{49}$/;
