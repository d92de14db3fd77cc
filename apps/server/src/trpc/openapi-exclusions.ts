import { isApiPath } from '../lib/api-paths';

/**
 * The routes the server serves that are deliberately not in openapi.json (decision 272), each with
 * why. test/app/openapi-routes.test.ts fails on any other route missing from the document.
 * `route` is the Fastify method and URL, e.g. "GET /api/docs/json".
 */
export const NOT_IN_API_DOCUMENT: { matches: (route: string) => boolean; why: string }[] = [
  {
    matches: (route) => / \/trpc\//.test(route),
    why: 'tRPC’s own wire format, the web app’s transport: every procedure on it is in the document at its REST path',
  },
  {
    matches: (route) => / \/api\/docs(\/|$)/.test(route),
    why: 'the document’s own viewer (Swagger UI) and the document it serves',
  },
  {
    matches: (route) => / \/api\/auth\/oidc\//.test(route),
    why: 'browser navigations of the OpenID Connect sign-in (redirects to and from the provider), not calls a client makes',
  },
  {
    matches: (route) => {
      const url = route.slice(route.indexOf(' ') + 1);
      return !isApiPath(url) && url !== '/metrics';
    },
    why: 'the web app: its files and page URLs',
  },
];
