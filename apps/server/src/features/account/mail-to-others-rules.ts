/**
 * Decision 210: the one rule for mail that could reach someone other than the account's proven
 * owner. Anybody can register under anybody's address; until the owner of that address proves it
 * (the verification link, a sign-in provider, a confirmed change), the account must not make this
 * server mail a third person in its name, nor have alerts about someone else mailed to it:
 *
 * - a caregiver invitation is mailed only when the inviting patient's address is verified (else the
 *   invitation still exists and its link can be copied, as before);
 * - caregiver alerts and reminders by mail go only to a verified address (the reminder issue's mail
 *   fallback asks this same rule of the recipient).
 *
 * Mail about the account itself (its verification link, a change confirmation to the new address,
 * a password reset) goes to the address it concerns, verified or not: that is how it gets verified.
 */
export function mayMailOthers(account: { emailVerifiedAt: Date | null }): boolean {
  return account.emailVerifiedAt !== null;
}
