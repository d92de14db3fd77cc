import { describe, expect, it } from 'vitest';
import { allProcedures, inputShape, pathParameters } from './support/procedures';

/**
 * The API document's examples live beside the schemas (decision 273). Generated from the contract:
 * a call added tomorrow that takes a body must bring an example, and an example that stops passing
 * its own input schema (a renamed field, a tighter bound) fails here instead of misleading readers.
 */
const procedures = allProcedures();
/** Whether the REST call takes a JSON body (as trpc-to-openapi documents it: fields outside the path). */
const takesBody = ({ definition }: (typeof procedures)[number]) => {
  const { method, path } = definition.meta.openapi;
  const shape = Object.keys(inputShape(definition.input));
  const fields = shape.filter((field) => !pathParameters(path).includes(field));
  if (['POST', 'PUT', 'PATCH'].includes(method)) return fields.length > 0 || shape.length === 0;
  // A DELETE's body carries only a password (decision 198), never other fields.
  return method === 'DELETE' && fields.some((field) => /password/i.test(field));
};

describe('the examples of the API document', () => {
  it('are given by every call that takes a body', () => {
    const missing = procedures
      .filter(takesBody)
      .filter(({ definition }) => definition.meta.example === undefined);
    expect(missing.map(({ key }) => key)).toEqual([]);
    expect(procedures.filter(takesBody).length).toBeGreaterThanOrEqual(30);
  });

  it.each(
    procedures
      .filter(({ definition }) => definition.meta.example !== undefined)
      .map((p) => [p.key, p] as const),
  )('%s: its example passes its own input schema', (_, { definition }) => {
    const parsed = definition.input.safeParse(definition.meta.example);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  });

  it('fills every path parameter and names no field the input lacks (zod would drop it silently)', () => {
    for (const { key, definition } of procedures) {
      const example = definition.meta.example as Record<string, unknown> | undefined;
      if (!example) continue;
      const known = Object.keys(inputShape(definition.input));
      expect(
        Object.keys(example).filter((field) => !known.includes(field)),
        key,
      ).toEqual([]);
      for (const name of pathParameters(definition.meta.openapi.path))
        expect(example[name], `${key} {${name}}`).toBeDefined();
    }
  });
});
