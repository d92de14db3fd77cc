/**
 * Who the session belongs to, readable outside React (the token link needs the email to ask for a
 * fresh token). The auth provider writes it; listeners learn when the session turns out to be gone.
 */
let email: string | null = null;
const lostListeners = new Set<() => void>();

export const sessionIdentity = {
  email: (): string | null => email,
  set(next: string | null): void {
    email = next;
  },
  onLost(listener: () => void): () => void {
    lostListeners.add(listener);
    return () => lostListeners.delete(listener);
  },
  markLost(): void {
    email = null;
    lostListeners.forEach((listener) => listener());
  },
};
