import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * Fastify's request logging with one access line per request instead of two (decision 132): the
 * "incoming request" line is dropped and its `req` (method, path with emails masked, id, address)
 * joins the "request completed" line, which has the status and the time. Every other line Fastify
 * writes (errors, unknown routes, broken streams) stays as it was.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {
    // Logged with the answer instead (requestCompleted).
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    } else {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}
