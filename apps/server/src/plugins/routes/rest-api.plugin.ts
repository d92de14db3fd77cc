import { contract } from '@medrem/contract';
import type { ProcedureDefinition } from '@medrem/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { IncomingMessage } from 'node:http';
import { createOpenApiNodeHttpHandler } from 'trpc-to-openapi';
import type { z } from 'zod';
import { appRouter } from '../../trpc/app-router';
import { describeIssues } from '../../trpc/describe-issues';
import { createRequestContext } from './request-context';

type AnyDefinition = ProcedureDefinition<z.ZodType, z.ZodType>;

/** Every REST definition of the contract, with its tRPC path ("medicine.list"). */
function definitions(): { path: string; definition: AnyDefinition }[] {
  return Object.entries(contract)
    .flatMap(([feature, procedures]) =>
      Object.entries(procedures as Record<string, AnyDefinition>).map(([name, definition]) => ({
        path: `${feature}.${name}`,
        definition,
      })),
    )
    .filter(({ definition }) => definition.meta.openapi.enabled !== false);
}

/**
 * trpc-to-openapi answers validation errors with "Input validation failed"; the web app shows
 * `message`, so it gets the same sentence the tRPC endpoint gives, and the same concise issues.
 */
function clarify(body: string): string {
  try {
    const parsed = JSON.parse(body) as {
      message?: string;
      issues?: { path: PropertyKey[]; message: string }[];
    };
    if (parsed.message === 'Input validation failed' && Array.isArray(parsed.issues)) {
      // zod's raw issues (regex sources, internals) are dropped: `data.issues` keeps path + message.
      const { issues, ...rest } = parsed;
      return JSON.stringify({ ...rest, message: describeIssues(issues) });
    }
  } catch {
    // not JSON: leave it
  }
  return body;
}

// RFC 3986 path characters that URL parsing leaves as they are (no '/', '?', '#', '%' or spaces).
const PLAIN_SEGMENT = /^[A-Za-z0-9._~!$&'()*+,;=:@-]*$/;

/**
 * trpc-to-openapi takes path parameters from the URL as sent, without decoding them, so an email
 * written the way encodeURIComponent and generated clients write it (ada%40example.com) would fail
 * validation. Segments that decode to plain characters are passed on decoded; any other stays as it
 * was, and fails validation as before.
 */
function decodePathSegments(url: string): string {
  const queryAt = url.indexOf('?');
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  const decoded = pathname
    .split('/')
    .map((segment) => {
      if (!segment.includes('%')) return segment;
      try {
        const plain = decodeURIComponent(segment);
        return PLAIN_SEGMENT.test(plain) ? plain : segment;
      } catch {
        return segment;
      }
    })
    .join('/');
  return queryAt === -1 ? decoded : decoded + url.slice(queryAt);
}

/**
 * The REST facade: one Fastify route per contract entry, at the spec's path, served by the same
 * tRPC procedure through trpc-to-openapi. Precise routes (rather than the library's catch-all
 * plugin) leave every other URL to the web app and give unknown API paths a real 404.
 */
export default fp(
  async (app) => {
    const successStatus = new Map(
      definitions().map(({ path, definition }) => [path, definition.meta.successStatus]),
    );
    // The handler sees Node's request; this finds the Fastify request and reply it belongs to.
    const fastifyOf = new WeakMap<IncomingMessage, { request: FastifyRequest; reply: FastifyReply }>();
    const handle = createOpenApiNodeHttpHandler({
      router: appRouter,
      createContext: ({ req }) => {
        const owner = fastifyOf.get(req);
        if (!owner) throw new Error('REST request without its Fastify request');
        return createRequestContext(app.services, owner.request, owner.reply);
      },
      responseMeta: ({ paths, errors }) =>
        errors.length === 0 && paths?.[0] ? { status: successStatus.get(paths[0]) ?? 200 } : {},
      onError: ({ error, path }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error, path }, 'REST call failed');
        // An outage is logged without the failed query (its parameters may be health data).
        if (error.code === 'SERVICE_UNAVAILABLE') app.log.warn({ path }, 'database unavailable');
      },
      maxBodySize: app.config.bodyLimitBytes,
    });

    const serve = async (request: FastifyRequest, reply: FastifyReply) => {
      // The node-http handler speaks Node's request/response API. It gets the raw request with
      // Fastify's parsed body and query, and Fastify's reply in Node's shape, so that cookies,
      // security headers and hooks still apply to its answer.
      // The spec's client sends some calls with no body at all (refill, mark read, read-all, logout),
      // so no content type either; trpc-to-openapi would answer 415. Fastify has already refused a
      // body without a content type, so here "none" means "no fields".
      if (request.headers['content-type'] === undefined && request.body === undefined) {
        request.raw.headers['content-type'] = 'application/json';
      }
      // trpc-to-openapi spreads the body into the input, so an array or a string would become
      // {0: …, 1: …} and a call whose fields all sit in the path (refill, read) would run on it.
      const { body } = request;
      const isJson = request.headers['content-type']?.startsWith('application/json') ?? false;
      if (!isJson && body !== undefined) {
        // Fastify parses text/plain too; trpc-to-openapi would refuse it with a garbled message.
        return reply.status(415).send({
          code: 'UNSUPPORTED_MEDIA_TYPE',
          message: 'Unsupported content type: send application/json.',
        });
      }
      if (
        isJson &&
        body !== undefined &&
        body !== null &&
        (typeof body !== 'object' || Array.isArray(body))
      ) {
        return reply
          .status(400)
          .send({ code: 'BAD_REQUEST', message: 'The request body must be a JSON object.' });
      }
      // Fastify matches an empty segment (/api/medicine//taken) where trpc-to-openapi then finds no
      // procedure and answers a 404 the operation does not document: the client left out a field.
      const params = request.params as Record<string, string>;
      const empty = Object.keys(params).find((name) => params[name] === '');
      if (empty !== undefined) {
        return reply.status(400).send({ code: 'BAD_REQUEST', message: `${empty}: missing from the path.` });
      }
      request.raw.url = decodePathSegments(request.raw.url ?? '/');
      const raw = Object.assign(request.raw, { body: request.body, query: request.query });
      fastifyOf.set(request.raw, { request, reply });
      const response = reply.raw;
      const nodeLike = Object.assign(reply, {
        setHeader: (key: string, value: string) => void reply.header(key, value),
        end: (data?: string) => {
          if (!reply.sent)
            void reply
              .type('application/json; charset=utf-8')
              .send(data === undefined ? data : clarify(data));
        },
        once: response.once.bind(response),
        on: response.on.bind(response),
        off: response.off.bind(response),
        emit: response.emit.bind(response),
        removeListener: response.removeListener.bind(response),
        socket: response.socket,
      });
      Object.defineProperty(nodeLike, 'statusCode', {
        set: (value: number) => void reply.code(value),
        get: () => response.statusCode,
        configurable: true,
      });
      await handle(raw, nodeLike as never);
      return reply;
    };

    for (const { definition } of definitions()) {
      const { method, path } = definition.meta.openapi;
      app.route({ method, url: path.replace(/\{(\w+)\}/g, ':$1'), handler: serve });
    }
  },
  { name: 'rest-api', dependencies: ['services', 'cookies'] },
);
