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
