/** The IANA zone the browser runs in (sent at sign-in and registration). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
