import helmet from 'helmet';
import fp from 'fastify-plugin';
import { isApiPath } from '../../lib/api-paths';

/**
 * Strict CSP for the web app: only our own scripts, styles, workers and API. No inline script or
 * style injection, no third-party hosts. The API docs widen it for their own pages only.
 * 'wasm-unsafe-eval' lets the pack scanner compile its own WebAssembly decoder, served from 'self'
 * (decision 328); it allows no eval() or new Function() of JavaScript.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
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

/** HTTPS only, for half a year, subdomains included (pages and API alike). */
const HSTS = { maxAge: 15_552_000, includeSubDomains: true } as const;

/**
 * The headers of an API answer (decision 133), after OWASP's REST Security Cheat Sheet: JSON is never
 * a document, so the page policies (script and style sources, COOP, the legacy X-* switches) say
 * nothing for it. What does: nothing may be loaded or framed if one is ever opened as a page, no
 * MIME sniffing, no cross-origin reads (CORP), HTTPS only. Each header costs about a microsecond
 * per answer to write; the page set on every API call was a fifth of a health check's time.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'strict-transport-security': `max-age=${HSTS.maxAge}; includeSubDomains`,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
});

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
      strictTransportSecurity: HSTS,
      referrerPolicy: { policy: 'no-referrer' },
    });
    // Pages and files get the whole set; an API answer (JSON, never rendered as a page) gets the
    // few headers that matter for it (decision 133). A route may still set its own CSP (the API
    // docs do).
    app.addHook('onRequest', (request, reply, done) => {
      void reply.headers(isApiPath(request.url) ? API_SECURITY_HEADERS : headers);
      done();
    });
    // Health data and tokens must not stay in a browser's or a proxy's cache (a shared device, a
    // CDN in front): every API answer, errors included, says so.
    // Last word (onSend), so that no route's own cache header (the docs' static files) wins.
    // Callback style: no promise per request.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (isApiPath(request.url)) void reply.header('cache-control', 'no-store');
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);
