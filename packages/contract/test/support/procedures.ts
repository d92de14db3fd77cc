import { z } from 'zod';
import { contract, type ProcedureDefinition } from '../../src/index';

export interface ListedProcedure {
  /** The tRPC key, e.g. `medicine.create`. */
  key: string;
  definition: ProcedureDefinition<z.ZodType, z.ZodType>;
}

/** Every REST procedure of the contract, read from it (never a hand-kept list); the live stream is tRPC only. */
export function allProcedures(): ListedProcedure[] {
  return Object.entries(contract)
    .flatMap(([feature, procedures]) =>
      Object.entries(procedures as Record<string, ProcedureDefinition<z.ZodType, z.ZodType>>).map(
        ([name, definition]) => ({ key: `${feature}.${name}`, definition }),
      ),
    )
    .filter(({ definition }) => definition.meta.openapi.enabled !== false);
}

/** The schema under optional / nullable / default wrappers. */
export function unwrapped(schema: z.ZodType): z.ZodType {
  const { def } = schema;
  if (def.type === 'optional' || def.type === 'nullable' || def.type === 'default')
    return unwrapped((schema as z.ZodOptional<z.ZodType>).unwrap());
  return schema;
}

/** The fields of an object input (none for an input that is not an object). */
export function inputShape(schema: z.ZodType): Record<string, z.ZodType> {
  const inner = unwrapped(schema);
  return inner instanceof z.ZodObject ? inner.shape : {};
}

/** `{id}` placeholders of a REST path, in order. */
export function pathParameters(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
}
