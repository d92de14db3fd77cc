/** Only same-site paths are followed after a sign-in (no open redirect through ?redirect=). */
export function safeRedirect(target: string | undefined): string {
  return target && target.startsWith('/') && !target.startsWith('//') ? target : '/';
}
