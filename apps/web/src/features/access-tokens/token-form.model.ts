import { msg, t } from '@lingui/core/macro';
import { type CreateTokenInput, createTokenInputSchema } from '@medrem/contract';
import { TOKEN_SCOPES, type TokenScope } from '@medrem/contract/token-scopes';

export type { CreateTokenInput };

/**
 * The expiry choices of issue 59 (decision 270): a lifetime from now, or none. `label` is a message
 * to translate where it is shown.
 */
export const EXPIRY_CHOICES = [
  { key: '30d', label: msg`30 days`, days: 30 },
  { key: '90d', label: msg`90 days`, days: 90 },
  { key: '1y', label: msg`1 year`, days: 365 },
  { key: 'never', label: msg`No expiry`, days: null },
] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number]['key'];
/** A token that is forgotten in a script stops by itself after three months unless chosen otherwise. */
export const DEFAULT_EXPIRY: ExpiryChoice = '90d';

/** The create form while it is filled in. No scope is ticked at first (decision 270). */
export interface TokenDraft {
  name: string;
  scopes: TokenScope[];
  expiry: ExpiryChoice;
}

export const emptyTokenDraft = (): TokenDraft => ({ name: '', scopes: [], expiry: DEFAULT_EXPIRY });

export type TokenField = 'name' | 'scopes' | 'expiry';
export type TokenFieldErrors = Partial<Record<TokenField, string>>;

const DAY_MS = 86_400_000;

/** The instant a choice ends the token, counted from `now` (injectable: tests and the hint agree). */
export function expiresAtOf(choice: ExpiryChoice, now: Date): string | null {
  const days = EXPIRY_CHOICES.find((c) => c.key === choice)?.days ?? null;
  return days === null ? null : new Date(now.getTime() + days * DAY_MS).toISOString();
}

/** Ticks or unticks a scope, keeping the contract's order (the list and the request read alike). */
export function withScope(scopes: readonly TokenScope[], scope: TokenScope, on: boolean): TokenScope[] {
  return TOKEN_SCOPES.filter((s) => (s === scope ? on : scopes.includes(s)));
}

const FIELD_OF: Record<string, TokenField> = { name: 'name', scopes: 'scopes', expiresAt: 'expiry' };

/** The first message per field of a list of validation issues (the contract's or the server's). */
export function fieldErrorsOf(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): TokenFieldErrors {
  const errors: TokenFieldErrors = {};
  for (const issue of issues) {
    const field = FIELD_OF[String(issue.path[0])];
    if (field) errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * The request the draft makes at `now`, or what is wrong with it, said at each field. The name is
 * trimmed; an empty scope list is refused here even before the contract would, with words about
 * what a token is for.
 */
export function checkTokenDraft(
  draft: TokenDraft,
  now: Date,
): { input: CreateTokenInput; errors?: undefined } | { input?: undefined; errors: TokenFieldErrors } {
  const candidate = {
    name: draft.name.trim(),
    scopes: draft.scopes,
    expiresAt: expiresAtOf(draft.expiry, now),
  };
  // The contract's own input schema: the form checks what the server checks.
  const parsed = createTokenInputSchema.safeParse(candidate);
  const errors = parsed.success ? {} : fieldErrorsOf(parsed.error.issues);
  if (!candidate.name) errors.name = t`Give the token a name, such as the app or script that will use it.`;
  if (draft.scopes.length === 0) errors.scopes = t`Choose at least one thing the token may do.`;
  if (parsed.success && Object.keys(errors).length === 0) return { input: parsed.data };
  return { errors };
}
