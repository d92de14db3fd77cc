import { CALENDAR_FEED_PATH_PREFIX } from '@medrem/contract';
import { SCHEME } from './openapi-security';

type JsonObject = Record<string, unknown>;

const jsonError = (description: string, headers?: JsonObject) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema: { $ref: '#/components/schemas/error.PLAIN' } } },
});

/**
 * The routes outside the contract that answer something other than JSON (decision 272): the
 * calendar feed (features/calendar/calendar-feed.routes.ts) and Prometheus' /metrics
 * (plugins/routes/metrics-route.plugin.ts). Written here by hand, next to nothing else, and held
 * true by test/app/openapi-routes.test.ts, which asks the app for its routes and their answers.
 */
export function addPlainRoutes(paths: Record<string, JsonObject>): void {
  paths[`${CALENDAR_FEED_PATH_PREFIX}{file}`] = {
    get: {
      operationId: 'calendar-feedFile',
      summary: 'The calendar feed itself (iCalendar), for calendar apps',
      description:
        'The URL that POST /api/calendar/{userEmail}/feed answers: the secret token in it is the proof, so calendar apps subscribe without a bearer token (decision 141). RFC 5545 text with the doses of the coming weeks; never cached (Cache-Control: no-store).',
      tags: ['calendar'],
      parameters: [
        {
          in: 'path',
          name: 'file',
          required: true,
          description: 'The feed’s secret token followed by `.ics`',
          schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{43}\\.ics$' },
          example: 'k3Jq9vX2mP8sL5tR0wYz7bNc4dFg6hAeQ1uW3xZ5yV7.ics',
        },
      ],
      responses: {
        200: {
          description: 'The calendar',
          headers: {
            'Content-Disposition': {
              schema: { type: 'string' },
              example: 'inline; filename="medicines.ics"',
            },
          },
          content: { 'text/calendar': { schema: { type: 'string' } } },
        },
        400: jsonError('Not a feed address (the token is malformed or `.ics` is missing)'),
        404: jsonError('No such feed: the token was never issued or was revoked (a new one replaced it)'),
        429: { $ref: '#/components/responses/RateLimited' },
        503: { $ref: '#/components/responses/Unavailable' },
      },
    },
  };
  paths['/metrics'] = {
    get: {
      operationId: 'system-metrics',
      summary: 'Prometheus metrics (operators only)',
      description:
        'Prometheus text exposition of the server’s counters and histograms. Off (404) unless METRICS_TOKEN is set; then only with `Authorization: Bearer <METRICS_TOKEN>`. Not counted by the API’s rate limit (decision 110).',
      tags: ['system'],
      security: [{ [SCHEME.metrics]: [] }],
      parameters: [],
      responses: {
        200: {
          description: 'The metrics',
          content: { 'text/plain': { schema: { type: 'string' } } },
        },
        401: jsonError('The metrics token is missing or wrong', {
          'WWW-Authenticate': { schema: { type: 'string' }, example: 'Bearer' },
        }),
        404: jsonError('Metrics are off (METRICS_TOKEN is not set)'),
        503: { $ref: '#/components/responses/Unavailable' },
      },
    },
  };
}
