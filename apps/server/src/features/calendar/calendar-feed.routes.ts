import { CALENDAR_FEED_PATH_PREFIX } from '@medrem/contract';
import fp from 'fastify-plugin';

/**
 * GET /api/calendar/<token>.ics: the calendar itself, for calendar apps, which send no bearer
 * token: the secret in the URL is the proof (decision 141). Outside the contract because it answers
 * text/calendar, not JSON; counted by the API's rate limit like every /api call, and never cached
 * (the security headers give every API answer `no-store`).
 */
export default fp(
  async (app) => {
    app.get<{ Params: { file: string } }>(
      `${CALENDAR_FEED_PATH_PREFIX}:file`,
      {
        schema: { params: { type: 'object', properties: { file: { type: 'string' } }, required: ['file'] } },
      },
      async (request, reply) => {
        const { file } = request.params;
        const token = file.endsWith('.ics') ? file.slice(0, -'.ics'.length) : '';
        // A bad or revoked token is an AppError: the one error handler answers it (400 / 404).
        const calendar = await app.services.calendarFeeds.calendar(token);
        return reply
          .header('content-type', 'text/calendar; charset=utf-8')
          .header('content-disposition', 'inline; filename="medicines.ics"')
          .header('x-robots-tag', 'noindex')
          .send(calendar);
      },
    );
  },
  { name: 'calendar-feed-routes', dependencies: ['services'] },
);
