import { contract } from '@medrem/contract';
import type { ProcedureDefinition } from '@medrem/contract';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { restHandler } from './rest-route';

type AnyDefinition = ProcedureDefinition<z.ZodType, z.ZodType>;

/**
 * A probe's route (decision 013): a load balancer's or orchestrator's check every few seconds must
 * not spend the per-IP budget it shares with the traffic it forwards (a 429 would mark a healthy
 * server down), nor fill the log with a line per check; its few bytes are never compressed.
 */
const PROBE_ROUTE = { config: { probe: true, rateLimit: false }, compress: false } as const;

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
 * The REST facade: one Fastify route per contract entry, at the spec's path, served by the same
 * tRPC procedure (rest-call.ts); trpc-to-openapi documents them (openapi.json). Precise routes leave
 * every other URL to the web app and give unknown API paths a real 404. Path parameters come
 * decoded by Fastify, so an email written as encodeURIComponent writes it (ada%40example.com) works.
 */
export default fp(
  async (app) => {
    for (const { path, definition } of definitions()) {
      const { method, path: restPath } = definition.meta.openapi;
      const handler = restHandler(app, path, definition);
      const url = restPath.replace(/\{(\w+)\}/g, ':$1');
      app.route({ method, url, handler, ...(definition.meta.probe ? PROBE_ROUTE : {}) });
    }
  },
  { name: 'rest-api', dependencies: ['services', 'cookies'] },
);
