import { generateOpenApiDocument } from 'trpc-to-openapi';
import { appRouter } from './app-router';

/** The OpenAPI document of the REST facade, generated from the same procedures. */
export function createOpenApiDocument() {
  return generateOpenApiDocument(appRouter, {
    title: 'Medicine Reminder API',
    description:
      'Every call of the Medicine Reminder web app. Sign in with POST /api/auth/login (session cookie), get a 1-hour token from POST /jwt, then send it as `Authorization: Bearer <token>`.',
    version: '1.0.0',
    baseUrl: '/',
    securitySchemes: { Authorization: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
  });
}
