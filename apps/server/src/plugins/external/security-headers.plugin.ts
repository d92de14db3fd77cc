import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import { isApiPath } from '../../lib/api-paths';

/**
 * Strict CSP for the web app: only our own scripts, styles, workers and API. No inline script or
 * style injection, no third-party hosts. The API docs widen it for their own pages only.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

export default fp(
  async (app) => {
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
      // The manifest and icons are fetched without credentials; keep them loadable.
      crossOriginResourcePolicy: { policy: 'same-origin' },
      strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: true },
      referrerPolicy: { policy: 'no-referrer' },
    });
    // Health data and tokens must not stay in a browser's or a proxy's cache (a shared device, a
    // CDN in front): every API answer, errors included, says so.
    app.addHook('onSend', async (request, reply, payload) => {
      if (isApiPath(request.url)) {
        void reply.header('cache-control', 'no-store');
        void reply.header('pragma', 'no-cache');
      }
      return payload;
    });
  },
  { name: 'security-headers' },
);
