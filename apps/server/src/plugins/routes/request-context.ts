import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../../composition/create-services';
import type { RequestContext } from '../../trpc/trpc';

export const SESSION_COOKIE = 'mr_session';
/** A long-lived random id of the browser, so a sign-in from a new device can be told (decision 295). */
export const DEVICE_COOKIE = 'mr_device';
/** Browsers keep a cookie at most 400 days. */
const DEVICE_COOKIE_SECONDS = 400 * 86_400;

function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** The same context for the tRPC endpoint and the REST facade: both hand us Fastify's objects. */
export function createRequestContext(
  services: Services,
  request: FastifyRequest,
  reply: FastifyReply,
): RequestContext {
  const cookieOptions = {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: request.protocol === 'https',
    path: '/',
  };
  return {
    services,
    ip: request.ip,
    origin: `${request.protocol}://${request.host}`,
    bearerToken: bearerOf(request),
    log: request.log,
    session: {
      token: request.cookies[SESSION_COOKIE],
      start: (session, signIn) => {
        void reply.setCookie(SESSION_COOKIE, session.token, { ...cookieOptions, expires: session.expiresAt });
        const deviceId = services.activity.signedIn({
          ...signIn,
          sentDeviceId: request.cookies[DEVICE_COOKIE],
          userAgent: request.headers['user-agent'],
          ip: request.ip,
        });
        void reply.setCookie(DEVICE_COOKIE, deviceId, { ...cookieOptions, maxAge: DEVICE_COOKIE_SECONDS });
      },
      end: () => {
        void reply.clearCookie(SESSION_COOKIE, cookieOptions);
      },
    },
  };
}
