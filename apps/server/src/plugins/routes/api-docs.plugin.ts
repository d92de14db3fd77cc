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
      staticCSP: true,
      uiConfig: { deepLinking: true, persistAuthorization: false },
    });
  },
  { name: 'api-docs' },
);
