import { CALENDAR_FEED_PATH_PREFIX } from '@medrem/contract';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/app-error';

const STATUS_OF: Partial<Record<AppError['kind'], number>> = { BAD_REQUEST: 400, NOT_FOUND: 404 };

/**
 * GET /api/calendar/<token>.ics: the calendar itself, for calendar apps, which send no bearer
 * token: the secret in the URL is the proof (decision 141). Outside the contract because it answers
 * text/calendar, not JSON; counted by the API's rate limit like every /api call, and never cached
 * (the security headers give every API answer `no-store`).
 */
export default fp(
  async (app) => {
    app.get(`${CALENDAR_FEED_PATH_PREFIX}:file`, async (request, reply) => {
      const { file } = request.params as { file: string };
      const token = file.endsWith('.ics') ? file.slice(0, -'.ics'.length) : '';
      try {
        const calendar = await app.services.calendarFeeds.calendar(token);
        return await reply
          .header('content-type', 'text/calendar; charset=utf-8')
          .header('content-disposition', 'inline; filename="medicines.ics"')
          .header('x-robots-tag', 'noindex')
          .send(calendar);
      } catch (error) {
        const status = error instanceof AppError ? STATUS_OF[error.kind] : undefined;
        if (!status || !(error instanceof AppError)) throw error;
        return reply.status(status).send({ code: error.kind, message: error.message });
      }
    });
  },
  { name: 'calendar-feed-routes', dependencies: ['services'] },
);
