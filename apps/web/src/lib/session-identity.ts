/**
 * Who the session belongs to, readable outside React (the token link needs the email to ask for a
 * fresh token). The auth provider writes it; listeners learn when the session turns out to be gone.
 */
let email: string | null = null;
const lostListeners = new Set<() => void>();
const movedListeners = new Set<(email: string) => void>();

export const sessionIdentity = {
  email: (): string | null => email,
  set(next: string | null): void {
    email = next;
  },
  onLost(listener: () => void): () => void {
    lostListeners.add(listener);
    return () => lostListeners.delete(listener);
  },
  /** The account's address changed elsewhere (decision 211): the session now answers `next`. */
  onMoved(listener: (next: string) => void): () => void {
    movedListeners.add(listener);
    return () => movedListeners.delete(listener);
  },
  markMoved(next: string): void {
    email = next;
    movedListeners.forEach((listener) => listener(next));
  },
  markLost(): void {
    email = null;
    lostListeners.forEach((listener) => listener());
  },
};
