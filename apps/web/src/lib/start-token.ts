import { accessTokenStorage } from './access-token.storage';
import { plainMutation } from './plain-trpc';
import { serverClock } from './server-clock';

/**
 * Decision 059: a start that learns from the server who is signed in (the page's session answer)
 * asks for that user's access token at once, with nothing but fetch, while the app's chunk loads
 * and runs. The token is stored as it arrives, so that the start's first calls (the dashboard's
 * answers, asked for by its route) can go as soon as it is there; the app's first token request
 * (token-refresh.ts) takes this answer instead of asking again. Before, the token was asked for
 * only once the app had rendered, and the dashboard's data waited for that round trip after it.
 */
let pending: { email: string; token: Promise<string>; taken: boolean; settled: boolean } | null = null;

export const startToken = {
  /**
   * Asks for `email`'s token (the server checks the session cookie, as for any token request): at
   * once, or once `after` has settled (decision 061: a first screen drawn from the page's answers
   * needs no token, and its request would compete with it). Calls and the app's own token request
   * wait for it meanwhile.
   */
  request(email: string, after?: Promise<unknown>): void {
    const token = (after ?? Promise.resolve())
      .then(() => plainMutation<{ token: string }>('auth.token', { email }))
      .then(({ token: issued }) => {
        accessTokenStorage.set(issued);
        return issued;
      });
    const started = { email, token, taken: false, settled: false };
    // A failure is for the token's taker to handle (the start's token refresh).
    token.then(
      () => (started.settled = true),
      () => (started.settled = true),
    );
    pending = started;
  },
  /** The token asked for at the start for `email`, once; undefined when there is none for them. */
  take(email: string): Promise<string> | undefined {
    if (pending?.email !== email || pending.taken) return undefined;
    pending.taken = true;
    return pending.token;
  },
  /**
   * The start's token request while it is under way and the device holds no token (decision 061:
   * the app may run before it has arrived): a call waits for it instead of being refused.
   */
  inFlight(): Promise<unknown> | undefined {
    if (!pending || pending.settled || accessTokenStorage.get() !== null) return undefined;
    return pending.token.catch(() => undefined);
  },
  /** Settles once the start's token request has been answered (or at once when there is none). */
  async answered(): Promise<void> {
    await pending?.token.catch(() => undefined);
  },
  /**
   * Whether calls for `user` can go: once the start's request for their token has brought it, or
   * at once when the device holds a usable one of theirs (decision 057); false when that request
   * failed or there is neither (the app then asks for a token itself, and its screens for their data).
   */
  async ready(user: { id: string; email: string }): Promise<boolean> {
    if (pending?.email === user.email)
      return pending.token.then(
        () => true,
        () => false,
      );
    return accessTokenStorage.usableFor(user, serverClock.now());
  },
};
