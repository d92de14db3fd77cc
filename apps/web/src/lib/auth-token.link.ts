import type { AppRouter } from '@medrem/server';
import type { TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { accessTokenStorage } from './access-token.storage';
import { httpStatusOf } from './api-error';
import { SessionLostError, refreshAccessToken } from './token-refresh';
import { sessionIdentity } from './session-identity';
import { startToken } from './start-token';

/**
 * Session-proved calls never carry or refresh a bearer token; nor do the calls a reminder's link
 * proves with its own token (decision 241): their 401 is the link's, not the session's.
 */
const LINK_PROVED = new Set(['push.dose', 'push.action']);
const isAuthCall = (path: string) => path.startsWith('auth.') || LINK_PROVED.has(path);

/**
 * Spec: a 401 removes the stored token. Issue 3: then get a fresh token with the session cookie
 * and retry the call once, so a signed-in user never sees a spurious failure. When the session is
 * gone too, the original error reaches the caller and the app signs the user out.
 */
export const authTokenLink: TRPCLink<AppRouter> =
  () =>
  ({ op, next }) =>
    observable((observer) => {
      let retried = false;
      let ended = false;
      let subscription: { unsubscribe: () => void } | undefined;
      const send = () => {
        if (ended) return;
        subscription = next(op).subscribe({ next: (v) => observer.next(v), error: onError, complete });
      };
      // Decision 061: the app can run before the start's token has arrived; a call then waits for
      // it instead of being sent without one and refused.
      const tokenComing = isAuthCall(op.path) ? undefined : startToken.inFlight();
      if (tokenComing) void tokenComing.then(send);
      else send();

      function complete() {
        observer.complete();
      }

      function onError(error: Parameters<typeof observer.error>[0]) {
        if (httpStatusOf(error) !== 401 || isAuthCall(op.path) || retried) {
          observer.error(error);
          return;
        }
        retried = true;
        accessTokenStorage.remove();
        console.info('Access token expired or rejected; requesting a new one.');
        refreshAccessToken().then(
          () => send(),
          (refreshError: unknown) => {
            if (refreshError instanceof SessionLostError) sessionIdentity.markLost();
            observer.error(error);
          },
        );
      }

      return () => {
        ended = true;
        subscription?.unsubscribe();
      };
    });

/** The Authorization header of every non-auth call, read at send time so a refreshed token is used. */
export function bearerHeaders(): Record<string, string> {
  const token = accessTokenStorage.get();
  return token ? { Authorization: `Bearer ${token}` } : {};
}
