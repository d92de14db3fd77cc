import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * Fastify's request logging with one access line per request instead of two (decision 132): the
 * "incoming request" line goes to debug and its `req` (method, path with emails masked, id, address)
 * joins the "request completed" line, which has the status and the time. Every other line Fastify
 * writes (errors, unknown routes, broken streams) stays as it was. A probe's successful answers
 * (decision 013) write none.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    // At info and above, logged with the answer instead (requestCompleted). At debug, also when it
    // arrives, to see a request that has not been answered (pino makes a disabled level a no-op).
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    // A probe's routine answer says nothing (decision 013); a failed or refused one is still logged.
    if (!error && reply.statusCode < 400 && request.routeOptions.config.probe === true) return;
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
