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

/**
 * Only with Google sign-in configured, and only what Firebase Auth's popup needs: Google's gapi
 * loader (script), the auth helper iframe on the project's auth domain (frame), and the Identity
 * Toolkit and Secure Token APIs (connect) — or the Auth emulator in their place (tests).
 */
export function withFirebaseSignIn(
  policy: typeof CONTENT_SECURITY_POLICY,
  firebase: { authDomain: string; emulatorHost?: string | undefined },
) {
  const emulator = firebase.emulatorHost ? `http://${firebase.emulatorHost}` : undefined;
  return {
    ...policy,
    scriptSrc: [...policy.scriptSrc, 'https://apis.google.com'],
    frameSrc: [emulator ?? `https://${firebase.authDomain}`],
    connectSrc: [
      ...policy.connectSrc,
      ...(emulator
        ? [emulator]
        : ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com']),
    ],
  };
}

export default fp(
  async (app) => {
    const firebase = app.config.socialSignIn.firebase;
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: firebase
          ? withFirebaseSignIn(CONTENT_SECURITY_POLICY, firebase)
          : CONTENT_SECURITY_POLICY,
      },
      // Firebase's sign-in popup reports back to its opener; 'same-origin' would sever it.
      crossOriginOpenerPolicy: { policy: firebase ? 'same-origin-allow-popups' : 'same-origin' },
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
