import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../../lib/app-error';
import { requestLocale } from '../../../lib/request-locale';
import { createRequestContext } from '../../../plugins/routes/request-context';
import { type OidcTransaction, OidcClient } from './oidc.client';
import { OIDC_CALLBACK_PATH, OIDC_START_PATH } from './oidc.paths';

const TRANSACTION_COOKIE = 'mr_oidc';
const TRANSACTION_TTL_SECONDS = 600;

/** Only a path of this site (no `//host`, no `/\host`), so the sign-in cannot send users elsewhere. */
export function sameSitePath(value: unknown): string {
  return typeof value === 'string' && /^\/(?![/\\])/.test(value) && value.length <= 2000 ? value : '/';
}

function decodeTransaction(value: string | undefined): OidcTransaction | undefined {
  if (!value) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Partial<OidcTransaction>;
    const { state, nonce, codeVerifier, redirect } = parsed;
    if (typeof state === 'string' && typeof nonce === 'string' && typeof codeVerifier === 'string') {
      return { state, nonce, codeVerifier, redirect: sameSitePath(redirect) };
    }
  } catch {
    // a damaged cookie is no transaction
  }
  return undefined;
}

/**
 * Self-hosted sign-in with any OpenID Connect provider: `/api/auth/oidc/start` sends the browser
 * to the provider; `/api/auth/oidc/callback` checks the answer, opens the same session as a
 * password sign-in, and sends the browser on. Failures land on /login with a readable message.
 */
export default fp(
  async (app) => {
    const settings = app.config.socialSignIn.oidc;
    if (!settings) return;
    const oidc = new OidcClient(settings);
    const label = settings.providerName;

    const redirectUriOf = (request: FastifyRequest) =>
      settings.redirectUri ?? `${request.protocol}://${request.host}${OIDC_CALLBACK_PATH}`;
    const cookieOptions = (request: FastifyRequest) => ({
      httpOnly: true,
      sameSite: 'lax' as const, // sent on the provider's top-level redirect back to us
      secure: request.protocol === 'https',
      path: OIDC_CALLBACK_PATH,
    });
    const toLogin = (reply: FastifyReply, message: string) =>
      reply.redirect(`/login?signin_error=${encodeURIComponent(message)}`, 303);

    app.get(OIDC_START_PATH, async (request, reply) => {
      const { redirect } = request.query as { redirect?: unknown };
      try {
        const { url, transaction } = await oidc.start(redirectUriOf(request), sameSitePath(redirect));
        const value = Buffer.from(JSON.stringify(transaction)).toString('base64url');
        void reply.setCookie(TRANSACTION_COOKIE, value, {
          ...cookieOptions(request),
          maxAge: TRANSACTION_TTL_SECONDS,
        });
        return await reply.redirect(url.href, 303);
      } catch (error) {
        request.log.warn({ err: error }, 'OIDC discovery failed');
        return toLogin(reply, `${label} cannot be reached right now. Please try again later.`);
      }
    });

    app.get(OIDC_CALLBACK_PATH, async (request, reply) => {
      const transaction = decodeTransaction(request.cookies[TRANSACTION_COOKIE]);
      void reply.clearCookie(TRANSACTION_COOKIE, cookieOptions(request));
      if (!transaction) {
        return toLogin(
          reply,
          `Your sign-in with ${label} expired or was started elsewhere. Please try again.`,
        );
      }
      const callbackUrl = new URL(redirectUriOf(request));
      callbackUrl.search = new URL(request.url, 'http://callback.invalid').search;
      try {
        const identity = await oidc.finish(callbackUrl, transaction);
        // A new account starts in the language the browser signed in with (issue 54).
        const locale = requestLocale(request.cookies, request.headers['accept-language']);
        const signedIn = await app.services.social.signIn.signIn('oidc', identity, { locale });
        createRequestContext(app.services, request, reply).session.start(signedIn.session, {
          userId: signedIn.user.id,
          method: 'oidc',
        });
        // What the page tells once: a secured unverified account (decision 219), or a new link.
        const notice = signedIn.securedUnverifiedAccount
          ? 'secured'
          : signedIn.linkedExistingAccount
            ? 'linked'
            : undefined;
        const separator = transaction.redirect.includes('?') ? '&' : '?';
        return await reply.redirect(
          notice ? `${transaction.redirect}${separator}signin=${notice}` : transaction.redirect,
          303,
        );
      } catch (error) {
        if (error instanceof AppError) return toLogin(reply, error.message);
        request.log.warn({ err: error }, 'OIDC callback refused');
        // The provider's own error text is not echoed: it is not ours to show on our sign-in page.
        return toLogin(reply, `Sign-in with ${label} did not complete. Please try again.`);
      }
    });
  },
  { name: 'oidc-routes', dependencies: ['services'] },
);
