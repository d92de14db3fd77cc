import { t } from '@lingui/core/macro';
import type { AppRouter } from '@medrem/server';
import { createTRPCClient, httpLink } from '@trpc/client';
import { accessTokenStorage } from './access-token.storage';
import { httpStatusOf } from './api-error';
import { clockedFetch } from './server-clock';
import { sessionIdentity } from './session-identity';
import { startToken } from './start-token';
import { TRPC_URL } from './trpc-url';

/** A bare client (no token link) for the session calls, so a refresh can never recurse into itself. */
const sessionClient = createTRPCClient<AppRouter>({
  links: [httpLink({ url: TRPC_URL, fetch: clockedFetch })],
});

export class SessionLostError extends Error {
  constructor() {
    super(t`Your session has ended. Please log in again.`);
    this.name = 'SessionLostError';
  }
}

let inflight: Promise<string> | null = null;

/**
 * A sign-out is under way: no token request may start. The session is ending, so its answer would
 * be a 401, logged as the app's last word; the app at /logout asks for its first token in the very
 * commit in which the screen signs out (stop 65's rehearsal).
 */
let signingOut = false;

export class SigningOutError extends Error {
  constructor() {
    super('Signing out: no new access token.');
    this.name = 'SigningOutError';
  }
}

async function tokenFor(email: string): Promise<string> {
  const token = (await startToken.take(email)) ?? (await sessionClient.auth.token.mutate({ email })).token;
  accessTokenStorage.set(token);
  sessionIdentity.set(email);
  return token;
}

async function requestToken(): Promise<string> {
  const known = sessionIdentity.email();
  const email = known ?? (await sessionClient.auth.session.query()).user?.email;
  if (!email) throw new SessionLostError();
  try {
    return await tokenFor(email);
  } catch (error) {
    if (httpStatusOf(error) !== 401) throw error;
  }
  // Refused for the address this tab knew: the session may live on under a new one, confirmed on
  // another device (decision 211). The session says; the app follows instead of signing out.
  const current = known
    ? await sessionClient.auth.session.query().then(
        (answer) => answer.user?.email,
        () => undefined,
      )
    : undefined;
  if (!current || current === email) throw new SessionLostError();
  try {
    const token = await tokenFor(current);
    sessionIdentity.markMoved(current);
    return token;
  } catch (error) {
    if (httpStatusOf(error) === 401) throw new SessionLostError();
    throw error;
  }
}

/**
 * After this account's tokens were revoked on purpose (a new password, sign out everywhere): the
 * stored one is dropped and this device, whose session stays, fetches its new one now, so its next
 * call is not refused first.
 */
export function renewAccessToken(): Promise<string> {
  accessTokenStorage.remove();
  return refreshAccessToken();
}

/**
 * Gets a fresh access token with the session cookie. Concurrent callers (a batch of failed
 * queries) share one request.
 */
export function refreshAccessToken(): Promise<string> {
  if (signingOut) return Promise.reject(new SigningOutError());
  inflight ??= requestToken().finally(() => {
    inflight = null;
  });
  return inflight;
}

/**
 * Signs out with the token requests out of the way: none starts from now on, and the ones under
 * way are answered first (a request still on its way when the session ends is refused, and the
 * refusal would be the last thing the app logs: decision 353's sign-out after a two-step sign-in).
 * `endSession` ends the session; token requests are allowed again once it has settled, failed or not.
 */
export async function signOutWithoutTokenRequests(endSession: () => Promise<void>): Promise<void> {
  signingOut = true;
  try {
    await tokenRequestsAnswered();
    await endSession();
  } finally {
    signingOut = false;
  }
}

/** Settles once every token request this tab has under way is answered, or after `limitMs`. */
async function tokenRequestsAnswered(limitMs = 3000): Promise<void> {
  // Never held longer than a moment: signing out must not wait on a network that does not answer.
  await Promise.race([
    Promise.all([startToken.answered(), inflight?.catch(() => undefined)]),
    new Promise((resolve) => setTimeout(resolve, limitMs)),
  ]);
}
