import helmet from 'helmet';
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

type HelmetOptions = Parameters<typeof helmet>[0];

/**
 * The headers helmet writes for these options, worked out once. @fastify/helmet rebuilt helmet's
 * middleware (parsing every CSP directive) on each request: several per cent of an API call's time
 * for headers that never change while the process runs.
 */
export function securityHeadersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let done = false;
  helmet(options)({} as never, response as never, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error('helmet refused its options');
    done = true;
  });
  // helmet's middleware is synchronous; anything else would leave responses without their headers.
  if (!done) throw new Error('helmet did not finish synchronously');
  return headers;
}

export default fp(
  async (app) => {
    const firebase = app.config.socialSignIn.firebase;
    const headers = securityHeadersOf({
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
    // Every answer (pages, files, API, errors, 404s) gets them; a route may still set its own CSP
    // (the API docs do).
    app.addHook('onRequest', (_request, reply, done) => {
      void reply.headers(headers);
      done();
    });
    // Health data and tokens must not stay in a browser's or a proxy's cache (a shared device, a
    // CDN in front): every API answer, errors included, says so.
    // Last word (onSend), so that no route's own cache header (the docs' static files) wins.
    // Callback style: no promise per request.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (isApiPath(request.url)) {
        void reply.header('cache-control', 'no-store');
        void reply.header('pragma', 'no-cache');
      }
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);
