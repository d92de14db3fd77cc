import type { z } from 'zod';
import type { AnyDefinition } from './contract-calls';

/** A bad case of the bad-input table: one text field holding a control character. */
export interface ControlCharacterCase {
  label: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  patch?: Record<string, unknown>;
  mentions: string;
}

/**
 * What no text field may hold (decision 183): NUL (PostgreSQL refuses it, a 500 before), an escape
 * (a terminal reading the export), a bell and DEL. A line break is refused by one-line fields only,
 * so it has its own cases beside the fields that allow it.
 */
const CONTROLS: readonly (readonly [string, string])[] = [
  ['NUL', '\u0000'],
  ['ESC', '\u001b'],
  ['BEL', '\u0007'],
  ['DEL', '\u007f'],
];

interface ZodDefinition {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
}
const definitionOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: ZodDefinition } })._zod.def;

/** Whether a field takes a string, under its optional, nullable, default or pipe wrappers. */
function takesText(schema: z.ZodType): boolean {
  const definition = definitionOf(schema);
  if (definition.type === 'string') return true;
  const inner = definition.innerType ?? definition.in;
  return inner ? takesText(inner) : false;
}

/** The top-level fields of a call's input that take text. */
export function textFieldsOf(input: z.ZodType): string[] {
  const definition = definitionOf(input);
  const inner = definition.innerType ?? definition.in;
  if (definition.type !== 'object') return inner ? textFieldsOf(inner) : [];
  return Object.entries(definition.shape ?? {})
    .filter(([, field]) => takesText(field))
    .map(([name]) => name);
}

/**
 * One case per text field of the call's input and per control character: the field where the REST
 * call carries it (path, query string or JSON body) holds a plausible value with the character
 * inside. The answer must be a 400 that names the field.
 */
export function controlCharacterCases(definition: AnyDefinition): ControlCharacterCase[] {
  const { method, path } = definition.meta.openapi;
  const inPath = new Set([...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!));
  const inQuery = method === 'GET' || method === 'DELETE';
  return textFieldsOf(definition.input).flatMap((field) =>
    CONTROLS.map(([name, character]) => {
      const value = `a${character}b@example.com`;
      const label = `${field} holding ${name}`;
      if (inPath.has(field))
        return { label, params: { [field]: encodeURIComponent(value) }, mentions: field };
      if (inQuery) return { label, query: { [field]: value }, mentions: field };
      return { label, patch: { [field]: value }, mentions: field };
    }),
  );
}
