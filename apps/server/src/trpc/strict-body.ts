import type { z } from 'zod';

type ZodInternals = { _zod: { def: Record<string, unknown> & { type: string } } };

const COERCIBLE = new Set(['number', 'boolean', 'bigint', 'date']);
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly']);

/**
 * trpc-to-openapi switches on zod's `coerce` for every number and boolean of an input object so that
 * query strings parse, and it does so for JSON bodies too: `true` would pass as 1 and "false" as true.
 * JSON bodies are typed already, so for body-carrying procedures we pin `coerce` off for good.
 */
export function pinNoCoercion(schema: z.ZodType): void {
  const visit = (node: ZodInternals | undefined): void => {
    if (!node?._zod) return;
    const def = node._zod.def;
    if (WRAPPERS.has(def.type)) return visit(def.innerType as ZodInternals);
    if (COERCIBLE.has(def.type)) {
      // Schemas share leaves (create and update extend one shape): pin each once.
      if (Object.getOwnPropertyDescriptor(def, 'coerce')?.get) return;
      Object.defineProperty(def, 'coerce', { get: () => false, set: () => undefined, configurable: false });
      return;
    }
    if (def.type === 'object') {
      for (const child of Object.values(def.shape as Record<string, ZodInternals>)) visit(child);
    }
    if (def.type === 'array') visit(def.element as ZodInternals);
  };
  visit(schema as unknown as ZodInternals);
}

/**
 * The other side of `pinNoCoercion`: a GET input arrives as query-string text, so its numbers and
 * booleans (nested objects included) are read with zod's coercion ("50" → 50). Leaves a body-carrying
 * procedure pinned stay pinned. Done once, when the REST routes are registered.
 */
export function coerceQueryInput(schema: z.ZodType): void {
  const visit = (node: ZodInternals | undefined): void => {
    if (!node?._zod) return;
    const def = node._zod.def;
    if (WRAPPERS.has(def.type)) return visit(def.innerType as ZodInternals);
    if (COERCIBLE.has(def.type)) {
      def.coerce = true;
      return;
    }
    if (def.type === 'object') {
      for (const child of Object.values(def.shape as Record<string, ZodInternals>)) visit(child);
    }
  };
  visit(schema as unknown as ZodInternals);
}

/** The top-level fields of an input object that are arrays (a query string may name them once). */
export function arrayFieldsOf(schema: z.ZodType): Set<string> {
  const unwrap = (node: ZodInternals | undefined): ZodInternals | undefined =>
    node?._zod && WRAPPERS.has(node._zod.def.type) ? unwrap(node._zod.def.innerType as ZodInternals) : node;
  const root = unwrap(schema as unknown as ZodInternals);
  if (root?._zod.def.type !== 'object') return new Set();
  const shape = root._zod.def.shape as Record<string, ZodInternals>;
  return new Set(Object.keys(shape).filter((key) => unwrap(shape[key])?._zod.def.type === 'array'));
}
