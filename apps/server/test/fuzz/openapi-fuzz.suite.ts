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
import {
  type Case,
  PAST_SIGN_IN,
  REF,
  type Ref,
  RUNS_PER_OPERATION,
  SEED,
  SIGNS_ALICE_OUT,
  caseArbitrary,
  operations as allOperations,
} from './fuzz-cases';
import type { Operation } from './openapi-operations';

interface Party {
  user: SignedInUser;
  medicineId: string;
  notificationId: string;
}

/**
 * The fuzz of the operations in one shard of openapi.json (every `shards`-th from `shard`), on a
 * server of its own: two shards are two test files, which the two workers run side by side instead
 * of one long file at the end of the run (decision 350).
 */
export function describeFuzzShard(shard: number, shards: number): void {
  const operations = allOperations.filter((_, index) => index % shards === shard);
  describe(`openapi.json fuzz: shard ${shard + 1} of ${shards}, seed ${SEED} (${TEST_ENGINE})`, () => {
    let server: TestServer;
    let alice: Party;
    let bob: Party;
    let bobBefore: string;
    // The fuzz signs in with bob's real password among its cases, which rightly opens sessions of his;
    // everything else in his export must stay byte-for-byte the same.
    // His activity record rightly gains those sign-ins and the test's own exports of his data (kinds
    // checked at the end); nothing else of his may change.
    const withoutSessions = (exportText: string) =>
      JSON.stringify({ ...(JSON.parse(exportText) as object), sessions: undefined, activity: undefined });
    let bobDevicesBefore: unknown;
    const counts = new Map<string, Map<number, number>>();
    /** The operations where one of alice's requests reached the feature (PAST_SIGN_IN). */
    const reachedFeature = new Set<string>();

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
            // A raw body's 400 (not JSON at all) comes before any feature: it proves nothing.
            const fromFeature = generated.body.kind !== 'raw' && PAST_SIGN_IN(response.status, response.body);
            if (generated.auth === 'alice' && fromFeature) {
              reachedFeature.add(operation.id);
            }
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
        .filter((operation) => !reachedFeature.has(operation.id))
        .map((operation) => operation.id);
      expect(stuck).toEqual([]);
    });

    it("left the other user's data exactly as it was", async () => {
      const after = await bob.user.api.get(`/api/user/${bob.user.email}/export`);
      expect(after.status).toBe(200);
      expect(withoutSessions(after.text)).toBe(bobBefore);
      const activityKinds = new Set(
        (JSON.parse(after.text) as { activity: { kind: string }[] }).activity.map((entry) => entry.kind),
      );
      for (const kind of activityKinds) expect(['sign-in', 'new-device', 'data-export']).toContain(kind);
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
}
