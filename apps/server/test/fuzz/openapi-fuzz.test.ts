import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client';
import {
  DEFAULT_PASSWORD,
  type SignedInUser,
  createMedicine,
  seedNotification,
  setTaken,
  signedInUser,
  uniqueEmail,
} from '../support/scenario';
import { TEST_ENGINE } from '../support/test-database';
import { type TestServer, startTestServer } from '../support/test-server';
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
const SEED = 20_261_123;
export const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 100);

const document = loadOpenApi();
const operations = operationsOf(document);

/**
 * Placeholders resolved at request time, so that a case generated before alice was re-created
 * (after she deleted her account or changed her email) still aims at the live alice.
 */
type Ref =
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
const REF = '\u0001ref:';
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
  if (/^(date|from|to|startDate)$/.test(name)) return dates;
  // Valid flags must match the medicine's frequency (1-0-1): random ones almost never do.
  if (name === 'taken') return fc.constantFrom('1-0-1', '0-0-0', '1-1-1', '1-0', '0-1-0');
  return undefined;
};

interface Case {
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

function caseArbitrary(operation: Operation): fc.Arbitrary<Case> {
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
const SIGNS_ALICE_OUT = /^(user-deleteAccount|user-update|auth-logout|auth-signOutEverywhere)$/;
/** Answers that mean a request got past sign-in to the feature itself. */
const PAST_SIGN_IN = (status: number) => (status >= 200 && status < 300) || [403, 404, 409].includes(status);

interface Party {
  user: SignedInUser;
  medicineId: string;
  notificationId: string;
}

describe(`openapi.json fuzz: every operation, seed ${SEED} (${TEST_ENGINE})`, () => {
  let server: TestServer;
  let alice: Party;
  let bob: Party;
  let bobBefore: string;
  // The fuzz signs in with bob's real password among its cases, which rightly opens sessions of his;
  // everything else in his export must stay byte-for-byte the same.
  const withoutSessions = (exportText: string) =>
    JSON.stringify({ ...(JSON.parse(exportText) as object), sessions: undefined });
  let bobDevicesBefore: unknown;
  const counts = new Map<string, Map<number, number>>();

  async function party(label: string): Promise<Party> {
    const user = await signedInUser(server, { label, password: DEFAULT_PASSWORD });
    const medicine = await createMedicine(user, { name: `${label} pills`, frequency: '1-0-1' });
    await setTaken(user, medicine.id, '2026-11-20', '1-0-0');
    const notification = await seedNotification(server, user.id, { title: `${label} reminder` });
    return { user, medicineId: medicine.id, notificationId: notification.id };
  }

  const resolveRef = (value: string): string => {
    const name = value.slice(REF.length) as Ref;
    const table: Record<Ref, string> = {
      'alice.email': alice.user.email,
      'alice.EMAIL': alice.user.email.toUpperCase(),
      'alice.id': alice.user.id,
      'alice.medicine': alice.medicineId,
      'alice.notification': alice.notificationId,
      'alice.password': alice.user.password,
      'bob.email': bob.user.email,
      'bob.id': bob.user.id,
      'bob.medicine': bob.medicineId,
      'bob.notification': bob.notificationId,
    };
    return table[name];
  };
  const materialise = (value: unknown): unknown => {
    if (typeof value === 'string') return value.startsWith(REF) ? resolveRef(value) : value;
    if (Array.isArray(value)) return value.map(materialise);
    if (value && typeof value === 'object') {
      const copy: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(value)) {
        Object.defineProperty(copy, key, {
          value: materialise(field),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return copy;
    }
    return value;
  };
  const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

  beforeAll(async () => {
    server = await startTestServer({ env: { LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000000' } });
    bob = await party('bob');
    alice = await party('alice');
    bobBefore = withoutSessions((await bob.user.api.get(`/api/user/${bob.user.email}/export`)).text);
    bobDevicesBefore = await server.app.services.repositories.pushSubscriptions.listForUser(bob.user.id);
  });

  afterAll(async () => {
    console.log(
      `fuzz: ${[...counts.values()].reduce((sum, byStatus) => sum + [...byStatus.values()].reduce((a, b) => a + b, 0), 0)} generated cases over ${counts.size} operations`,
    );
    for (const [id, byStatus] of counts) {
      console.log(`  ${id}: ${[...byStatus].map(([status, n]) => `${status}×${n}`).join(' ')}`);
    }
    await server?.close();
  });

  /** A lone surrogate cannot be percent-encoded (URIError): it goes as U+FFFD, as a browser sends it. */
  const wellFormed = (text: string) =>
    text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

  async function send(operation: Operation, generated: Case) {
    const filled = operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
      encodeURIComponent(wellFormed(asText(materialise(generated.pathParameters[name])))),
    );
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(generated.query)) {
      if (value !== undefined) query.set(name, asText(materialise(value)));
    }
    const url = `${filled}${query.size > 0 ? `?${query.toString()}` : ''}`;
    const api = new ApiClient(server.baseUrl);
    const headers: Record<string, string> = {};
    if (generated.auth === 'alice') api.token = alice.user.api.token;
    if (generated.auth === 'garbage') headers.authorization = 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.';
    if (generated.body.kind === 'raw') {
      headers['content-type'] = generated.body.contentType;
      return api.request(operation.method, url, undefined, { headers, rawBody: generated.body.text });
    }
    const body = generated.body.kind === 'json' ? materialise(generated.body.value) : undefined;
    return api.request(operation.method, url, body, { headers });
  }

  it.each(operations.map((operation) => [`${operation.method} ${operation.path}`, operation] as const))(
    '%s',
    async (_, operation) => {
      const byStatus = new Map<number, number>();
      counts.set(operation.id, byStatus);
      await fc.assert(
        fc.asyncProperty(caseArbitrary(operation), async (generated) => {
          const response = await send(operation, generated);
          byStatus.set(response.status, (byStatus.get(response.status) ?? 0) + 1);
          const where = `${operation.method} ${operation.path} → ${response.status} ${response.text.slice(0, 300)}`;
          expect(response.status, where).toBeLessThan(500);
          expect(operation.responses.has(response.status), `undocumented status: ${where}`).toBe(true);
          const contentType = response.headers.get('content-type') ?? '';
          const documented = operation.mediaTypes.get(response.status) ?? [];
          expect(
            documented.some((mediaType) => contentType.startsWith(mediaType)),
            `${where}\nanswers ${contentType}, documented: ${documented.join(', ')}`,
          ).toBe(true);
          const validate = operation.responses.get(response.status);
          if (validate && !validate(response.body)) {
            expect.fail(`${where}\nbreaks its schema: ${JSON.stringify(validate.errors)}`);
          }
          // Alice may legitimately delete herself, change her email or sign out (which ends her
          // access token at once); the next case gets a new, signed-in alice.
          if (response.status === 200 && SIGNS_ALICE_OUT.test(operation.id)) {
            alice = await party(`alice-${uniqueEmail('x').slice(0, 8)}`);
          } else if (response.status === 200 && operation.method === 'DELETE') {
            // She deleted her medicine or notification: give her new ones to aim at.
            const medicine = await createMedicine(alice.user, { name: 'alice pills', frequency: '1-0-1' });
            const notification = await seedNotification(server, alice.user.id, { title: 'alice reminder' });
            alice = { ...alice, medicineId: medicine.id, notificationId: notification.id };
          }
        }),
        { seed: SEED, numRuns: RUNS_PER_OPERATION, endOnFailure: true },
      );
    },
    120_000,
  );

  it('got past sign-in on every signed-in operation (a fuzz stuck at 401 tests nothing)', () => {
    const stuck = operations
      .filter((operation) => operation.bearer)
      .filter((operation) => ![...(counts.get(operation.id)?.keys() ?? [])].some(PAST_SIGN_IN))
      .map((operation) => operation.id);
    expect(stuck).toEqual([]);
  });

  it("left the other user's data exactly as it was", async () => {
    const after = await bob.user.api.get(`/api/user/${bob.user.email}/export`);
    expect(after.status).toBe(200);
    expect(withoutSessions(after.text)).toBe(bobBefore);
    expect(await server.app.services.repositories.pushSubscriptions.listForUser(bob.user.id)).toEqual(
      bobDevicesBefore,
    );
    // Bob can still sign in with his own password.
    const login = await new ApiClient(server.baseUrl).post('/api/auth/login', {
      email: bob.user.email,
      password: bob.user.password,
    });
    expect(login.status, login.text).toBe(200);
  });
});
