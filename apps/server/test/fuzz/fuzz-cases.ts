import fc from 'fast-check';
import { type Operation, loadOpenApi, operationsOf } from './openapi-operations';
import {
  type FieldHints,
  hostileString,
  hostileValue,
  parameterArbitrary,
  arbitraryFor,
} from './schema-arbitrary';

/**
 * Schema-driven fuzzing (issue 8): every operation of openapi.json, driven over real HTTP with
 * requests generated from its own JSON schemas — valid ones, ones with hostile fields, and raw
 * garbage — by a signed-in user ("alice") who also aims at a second user's ("bob") ids and email.
 * For every answer: no 5xx, a documented status, a JSON body that validates against the schema of
 * that status; at the end bob's data is byte-for-byte what it was. Fixed seed, bounded runs.
 */
export const SEED = 20_261_123;
export const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 100);

export const document = loadOpenApi();
export const operations = operationsOf(document);

/**
 * Placeholders resolved at request time, so that a case generated before alice was re-created
 * (after she deleted her account or changed her email) still aims at the live alice.
 */
export type Ref =
  | 'alice.email'
  | 'alice.EMAIL'
  | 'alice.id'
  | 'alice.medicine'
  | 'alice.notification'
  | 'alice.password'
  | 'bob.email'
  | 'bob.id'
  | 'bob.medicine'
  | 'bob.notification';
export const REF = '\u0001ref:';
const ref = (name: Ref) => `${REF}${name}`;

const emails = fc.oneof(
  { arbitrary: fc.constantFrom(ref('alice.email'), ref('alice.EMAIL'), ref('bob.email')), weight: 6 },
  { arbitrary: fc.emailAddress(), weight: 1 },
);
const ids = fc.oneof(
  {
    arbitrary: fc.constantFrom(
      ref('alice.medicine'),
      ref('alice.notification'),
      ref('alice.id'),
      ref('bob.medicine'),
      ref('bob.notification'),
      ref('bob.id'),
    ),
    weight: 6,
  },
  { arbitrary: fc.uuid(), weight: 1 },
);
// Mostly days a test medicine is scheduled on (before the test clock's today), sometimes any.
const day = (min: string, max: string) =>
  fc
    .date({ min: new Date(min), max: new Date(max), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));
const dates = fc.oneof(
  { arbitrary: day('2026-11-01T00:00:00Z', '2026-11-21T00:00:00Z'), weight: 3 },
  { arbitrary: day('2026-01-01T00:00:00Z', '2027-12-31T00:00:00Z'), weight: 1 },
);

/** Field names whose values should be the fuzz's own ids, emails and dates (see FieldHints). */
const hints: FieldHints = (name, schema) => {
  if (schema.type !== 'string') return undefined;
  if (/email$/i.test(name)) return emails;
  if (name === 'id' || name.endsWith('Id')) return ids;
  if (name === 'password' || name === 'currentPassword') {
    return fc.oneof(fc.constant(ref('alice.password')), fc.string({ minLength: 8, maxLength: 40 }));
  }
  if (/^(date|from|to|startDate|stoppedOn)$/.test(name)) return dates;
  // The journal's built-in kinds: a random name is refused before anything else is looked at.
  if (name === 'type') {
    return fc.oneof(
      fc.constantFrom('blood-pressure', 'blood-glucose', 'weight', 'temperature', 'spo2', 'inr', 'peak-flow'),
      ids,
    );
  }
  // Valid flags must match the medicine's frequency (1-0-1): random ones almost never do.
  if (name === 'taken') return fc.constantFrom('1-0-1', '0-0-0', '1-1-1', '1-0', '0-1-0');
  return undefined;
};

export interface Case {
  auth: 'alice' | 'none' | 'garbage';
  pathParameters: Record<string, unknown>;
  query: Record<string, unknown>;
  body:
    { kind: 'json'; value: unknown } | { kind: 'raw'; text: string; contentType: string } | { kind: 'none' };
}

const rawBodies = fc.record({
  kind: fc.constant('raw' as const),
  text: fc.oneof(
    fc.constantFrom('{', '{"a":', 'null', '[]', '"text"', '{"__proto__":{"x":1}}', '\u0000', ''),
    fc.string({ maxLength: 200 }),
  ),
  contentType: fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'),
});

export function caseArbitrary(operation: Operation): fc.Arbitrary<Case> {
  const options = (hostile: boolean) => ({ root: document, hints, hostile });
  const parameters = (list: Operation['pathParameters'], hostile: boolean) =>
    fc.record(
      Object.fromEntries(
        list.map((p) => [
          p.name,
          hostile
            ? fc.oneof(
                { arbitrary: parameterArbitrary(p.name, p.schema, options(true)), weight: 3 },
                { arbitrary: hostileString, weight: 1 },
              )
            : parameterArbitrary(p.name, p.schema, options(false)),
        ]),
      ),
      { requiredKeys: list.filter((p) => p.required || p.in === 'path').map((p) => p.name) },
    );
  const body = (hostile: boolean): fc.Arbitrary<Case['body']> => {
    if (!operation.body) return fc.constant({ kind: 'none' as const });
    const json = arbitraryFor(operation.body, options(hostile)).map((value) => ({
      kind: 'json' as const,
      value,
    }));
    if (!hostile) return json;
    return fc.oneof(
      { arbitrary: json, weight: 4 },
      { arbitrary: hostileValue.map((value) => ({ kind: 'json' as const, value })), weight: 1 },
      { arbitrary: rawBodies, weight: 1 },
    );
  };
  const shaped = (hostile: boolean) =>
    fc.record({
      auth: hostile
        ? fc.constantFrom<Case['auth']>('alice', 'alice', 'alice', 'none', 'garbage')
        : fc.constant<Case['auth']>('alice'),
      pathParameters: parameters(operation.pathParameters, hostile),
      query: parameters(operation.queryParameters, hostile),
      body: body(hostile),
    });
  return fc.oneof({ arbitrary: shaped(false), weight: 1 }, { arbitrary: shaped(true), weight: 2 });
}

/** Operations whose success leaves alice's token unusable. */
export const SIGNS_ALICE_OUT = /^(user-deleteAccount|user-update|auth-logout|auth-signOutEverywhere)$/;
/**
 * Whether an answer to alice's request came from the feature itself, past sign-in: a success, a
 * refusal of what she aims at, or a 400 the feature gave after her input passed its schema (a
 * schema's refusal lists its issues; a rule's, such as "no two-step set-up is in progress" or
 * "passkeys need a named site", does not).
 */
export const PAST_SIGN_IN = (status: number, body: unknown) =>
  (status >= 200 && status < 300) ||
  [403, 404, 409].includes(status) ||
  (status === 400 && (body as { data?: { issues?: unknown } } | undefined)?.data?.issues === undefined);
