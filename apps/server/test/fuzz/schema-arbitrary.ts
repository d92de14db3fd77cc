import fc from 'fast-check';

/** The subset of JSON Schema (2020-12, as OpenAPI 3.1 writes it) that openapi.json uses. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

/**
 * Values a real client could send for a field, chosen by the field's name: the fuzz's own ids and
 * emails (its user's, the other user's, unknown ones), so that generated requests reach the code
 * behind the ownership checks instead of stopping at a 404 for a random UUID.
 */
export type FieldHints = (name: string, schema: JsonSchema) => fc.Arbitrary<unknown> | undefined;

/** Strings a hostile client sends to any text field. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    "' or 1=1 --",
    '"; drop table users; --',
    '../../etc/passwd',
    '%00',
    '%2e%2e%2f',
    '<script>alert(1)</script>',
    '__proto__',
    'constructor',
    '\uD800',
    '\u202E\u0645',
    '0000-00-00',
    '9999-99-99',
    '2026-02-30',
    '24:60',
    'NaN',
    '-1',
    '1e309',
    'Europe/Nowhere',
    'europe/PARIS',
    'x'.repeat(10_000),
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 300 }),
);

/** Any JSON value at all: wrong types, deep nesting, prototype keys. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    -0,
    2 ** 53,
    -(2 ** 31) - 1,
    [],
    {},
    { __proto__: { admin: true } },
  ),
  hostileString,
  fc.jsonValue({ maxDepth: 3 }),
);

interface Context {
  root: unknown;
  hints: FieldHints;
  /** Probability-free switch: when true, each field may be replaced by a hostile value. */
  hostile: boolean;
}

function resolve(schema: JsonSchema, root: unknown): JsonSchema {
  let current = schema;
  while (current.$ref) {
    if (!current.$ref.startsWith('#/')) throw new Error(`unsupported $ref ${current.$ref}`);
    let target: unknown = root;
    for (const part of current.$ref.slice(2).split('/')) {
      target = (target as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    }
    if (!target) throw new Error(`unresolved $ref ${current.$ref}`);
    current = target;
  }
  return current;
}

/**
 * How many generated values in a row a filter may refuse before the fuzz gives up on the schema.
 * fast-check retries a filter synchronously, so a condition that can never hold (a fixed-length
 * pattern longer than a length cap) would spin the test process forever: no test timeout can stop
 * it, and CI's whole budget went on one such field (the activity cursor, 2026-12-06). Past this
 * many refusals the case fails, naming the schema, instead.
 */
export const FILTER_REFUSALS_LIMIT = 2_000;

/** `arbitrary.filter(predicate)`, failing loudly after FILTER_REFUSALS_LIMIT refusals in a row. */
export function boundedFilter<T>(
  arbitrary: fc.Arbitrary<T>,
  predicate: (value: T) => boolean,
  what: string,
): fc.Arbitrary<T> {
  let refusedInARow = 0;
  return arbitrary.filter((value) => {
    if (predicate(value)) {
      refusedInARow = 0;
      return true;
    }
    refusedInARow += 1;
    if (refusedInARow > FILTER_REFUSALS_LIMIT) {
      refusedInARow = 0;
      throw new Error(`the fuzz cannot generate ${what}: ${FILTER_REFUSALS_LIMIT} values in a row refused`);
    }
    return false;
  });
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  // Only the bounds the schema states: a default cap would refuse every value of a pattern whose
  // strings are all longer than it.
  const maxLength = schema.maxLength ?? Number.POSITIVE_INFINITY;
  const fitting = (value: string) => value.length >= minLength && value.length <= maxLength;
  const described = `a string of ${JSON.stringify(schema)}`;
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'email') return boundedFilter(fc.emailAddress(), fitting, described);
  if (schema.format === 'date-time') {
    return fc
      .date({
        min: new Date('2000-01-01T00:00:00Z'),
        max: new Date('2100-01-01T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString());
  }
  if (schema.pattern) {
    // A pattern that is one repeated character class ("^[A-Za-z0-9._-]+$", or "*") takes the
    // length bounds into its quantifier: filtering stringMatching's mostly short strings for a
    // minimum length of 20 almost never passes.
    const repeated = /^\^(\[[^\]]+\])([+*])\$$/.exec(schema.pattern);
    const least = repeated?.[2] === '+' ? Math.max(1, minLength) : minLength;
    const pattern = repeated
      ? `^${repeated[1]}{${least},${Math.min(maxLength, least + 80)}}$`
      : schema.pattern;
    // Otherwise stringMatching honours the pattern only; the length bounds are checked after.
    return boundedFilter(fc.stringMatching(new RegExp(pattern)), fitting, described);
  }
  return fc.string({ minLength, maxLength: Math.min(maxLength, minLength + 80) });
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min =
    schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1_000_000);
  const max =
    schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1_000_000);
  if (integer) return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

function objectArbitrary(schema: JsonSchema, context: Context): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const entries: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) {
    entries[name] = fieldArbitrary(name, property, context);
  }
  const requiredKeys = Object.keys(properties).filter((name) => required.has(name));
  const valid = fc.record(entries, { requiredKeys });
  if (!context.hostile) return valid;
  // Structural mutations: a required field missing, an unknown field added.
  return fc.oneof(
    { arbitrary: valid, weight: 6 },
    {
      arbitrary: fc
        .tuple(valid, fc.constantFrom(...(requiredKeys.length > 0 ? requiredKeys : ['none'])))
        .map(([value, drop]) => Object.fromEntries(Object.entries(value).filter(([key]) => key !== drop))),
      weight: 1,
    },
    {
      arbitrary: fc
        .tuple(valid, fc.constantFrom('extra', '__proto__', 'constructor', 'userId', 'id'), hostileValue)
        .map(([value, key, extra]) => {
          // defineProperty, so that "__proto__" becomes an own key as JSON.parse would make it.
          const copy = { ...value };
          Object.defineProperty(copy, key, {
            value: extra,
            enumerable: true,
            configurable: true,
            writable: true,
          });
          return copy;
        }),
      weight: 1,
    },
  );
}

function fieldArbitrary(name: string, schema: JsonSchema, context: Context): fc.Arbitrary<unknown> {
  const hinted = context.hints(name, resolve(schema, context.root));
  const own = hinted ?? valueArbitrary(schema, context);
  if (!context.hostile) return own;
  return fc.oneof({ arbitrary: own, weight: 8 }, { arbitrary: hostileValue, weight: 1 });
}

function valueArbitrary(raw: JsonSchema, context: Context): fc.Arbitrary<unknown> {
  const schema = resolve(raw, context.root);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((option) => valueArbitrary(option, context)));
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) {
    return fc.oneof(...types.map((type) => valueArbitrary({ ...schema, type }, context)));
  }
  switch (types[0]) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? valueArbitrary(schema.items, context) : fc.jsonValue(), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 6, (schema.minItems ?? 0) + 6),
      });
    case 'object':
      return objectArbitrary(schema, context);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/**
 * An arbitrary for `schema`. With `hostile`, every field and structure may be replaced by input
 * no honest client sends (wrong types, missing or unknown keys, oversize, control characters).
 */
export function arbitraryFor(
  schema: JsonSchema,
  options: { root: unknown; hints?: FieldHints; hostile?: boolean },
): fc.Arbitrary<unknown> {
  return valueArbitrary(schema, {
    root: options.root,
    hints: options.hints ?? (() => undefined),
    hostile: options.hostile ?? false,
  });
}

/** A value for one named parameter (path or query), through the same hints. */
export function parameterArbitrary(
  name: string,
  schema: JsonSchema,
  options: { root: unknown; hints?: FieldHints; hostile?: boolean },
): fc.Arbitrary<unknown> {
  return fieldArbitrary(name, schema, {
    root: options.root,
    hints: options.hints ?? (() => undefined),
    hostile: options.hostile ?? false,
  });
}
