export type Greeting = 'Good Morning' | 'Good Afternoon' | 'Good Evening' | 'Good Night';

/** Spec: Morning 05:00–11:59, Afternoon 12:00–16:59, Evening 17:00–20:59, otherwise Night. */
export function greetingForHour(hour: number): Greeting {
  if (hour >= 5 && hour < 12) return 'Good Morning';
  if (hour >= 12 && hour < 17) return 'Good Afternoon';
  if (hour >= 17 && hour < 21) return 'Good Evening';
  return 'Good Night';
}

/** The first word of a name, or '' when there is none. */
export function firstName(name: string | null | undefined): string {
  return name?.trim().split(/\s+/)[0] ?? '';
}

/** The avatar letter: the first letter of the first name, or '?' if none. */
export function avatarInitial(name: string | null | undefined): string {
  const first = firstName(name);
  return first ? first.charAt(0).toUpperCase() : '?';
}
