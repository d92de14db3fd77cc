/** Remembers, across a redirect sign-in with Google, that its result is waiting (no SDK needed to ask). */
export const GOOGLE_REDIRECT_PENDING_KEY = 'medrem:google-redirect-pending';
