import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { createOpenApiDocument } from '../../trpc/openapi-document';

/** Interactive docs at /api/docs, from the same OpenAPI document as openapi.json. */
export default fp(
  async (app) => {
    const document = createOpenApiDocument();
    await app.register(swagger, { mode: 'static', specification: { document: document as never } });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      // The docs' own pages: same-origin only, like the app (the library default would allow any https
      // style and force-upgrade requests, which breaks the docs on plain-http self-hosting).
      staticCSP:
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'",
      // BaseLayout: the standalone layout's top bar draws Swagger's logo, an SVG with an inline
      // <style> that the CSP above refuses (a console error on every load, issue 51); the bar's
      // only other part is a box to explore another document, which these docs do not need.
      uiConfig: { deepLinking: true, persistAuthorization: false, layout: 'BaseLayout' },
    });
  },
  { name: 'api-docs' },
);
