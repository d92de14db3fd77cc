import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToken } from '../features/access-tokens/token-support';
import { type SignedInUser, createMedicine, signedInUser } from '../support/scenario';
import { runExample } from '../support/run-example';
import { TEST_ENGINE } from '../support/test-database';
import { type TestServer, startTestServer } from '../support/test-server';

/**
 * The SDK's example (packages/sdk/examples/list-and-tick.ts) run as a reader runs it, against the
 * real server over HTTP: it lists the day's doses and ticks the first one not yet taken.
 */
describe(`the list-and-tick example (${TEST_ENGINE})`, () => {
  let server: TestServer;
  let user: SignedInUser;
  let medicineId: string;
  /** What a user gives a script: personal access tokens, not their password or session. */
  let readAndTick: string;
  let readOnly: string;
  const today = '2026-11-21';

  beforeAll(async () => {
    server = await startTestServer({ now: `${today}T10:00:00.000Z` });
    user = await signedInUser(server, { label: 'sdk', timezone: 'UTC' });
    const medicine = await createMedicine(user, { name: 'Aspirin', frequency: '1-0-1', startDate: today });
    medicineId = medicine.id;
    readAndTick = (await createToken(server, user, ['read', 'doses:write'])).secret;
    readOnly = (await createToken(server, user, ['read'])).secret;
  }, 60_000);
  afterAll(() => server?.close());

  const run = (args: string[], token = readAndTick) =>
    runExample('list-and-tick.ts', args, {
      MEDREM_URL: `${server.baseUrl}/`,
      MEDREM_TOKEN: token,
      MEDREM_EMAIL: user.email,
      MEDREM_TODAY: today,
    });

  it("lists the day's doses, none taken yet", async () => {
    const result = await run([]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Doses on ${today}:`);
    expect(result.stdout).toMatch(/\[ \] Aspirin, slot 0/);
    expect(result.stdout).toMatch(/\[ \] Aspirin, slot 2/);
    expect(result.stdout).not.toMatch(/slot 1/);
  }, 60_000);

  it('refuses to tick with a read-only token, naming the scope it lacks', async () => {
    const result = await run(['tick'], readOnly);
    expect(result.stdout).toMatch(/\[ \] Aspirin, slot 0/);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/Ticking failed \(403\): .*doses:write/);
    const day = await user.api.get(`/api/medicine/${medicineId}/taken?date=${today}`);
    expect(day.body.takenDay?.taken ?? '0-0-0').toBe('0-0-0');
  }, 60_000);

  it('ticks the first dose not taken, and the server has it', async () => {
    const result = await run(['tick']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Ticked: Aspirin, slot 0');
    const day = await user.api.get(`/api/medicine/${medicineId}/taken?date=${today}`);
    expect(day.body.takenDay.taken).toBe('1-0-0');
    const again = await run([]);
    expect(again.stdout).toMatch(/\[x\] Aspirin, slot 0/);
  }, 60_000);

  it('says why when the token is refused, and exits non-zero', async () => {
    const result = await run([], 'not-a-token');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/Listing medicines failed \(401\)/);
  }, 60_000);
});
