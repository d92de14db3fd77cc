import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, aMedicine } from '../support/api-client';
import { type SignedInUser, createMedicine, signedInUser } from '../support/scenario';
import { TEST_ENGINE } from '../support/test-database';
import { waitFor } from '../support/free-port';
import { type ServerSandbox, serverSandbox } from './support/server-process';

/**
 * kill -9 of the server process under a steady write load (medicines created, doses ticked): every
 * write it acknowledged is there after a restart on the same data, on the embedded PGlite (files
 * in DATA_DIR) and on PostgreSQL. Writes in flight at the kill may or may not have landed; none
 * that was answered 2xx may be missing.
 */
describe(`kill -9 under write load (${TEST_ENGINE})`, () => {
  let sandbox: ServerSandbox;
  beforeAll(async () => {
    sandbox = await serverSandbox('crash');
  });
  afterAll(() => sandbox?.dispose());
  const start = () => sandbox.start({}, 90_000);

  it('loses no acknowledged write', { timeout: 180_000 }, async () => {
    const first = await start();
    const user: SignedInUser = await signedInUser(first, { label: 'crash' });
    const ticked = await createMedicine(user, { name: 'Ticked', frequency: '1-0-1', durationDays: 3650 });

    const createdNames: string[] = [];
    const tickedDates: string[] = [];
    let inFlightAtKill = 0;
    let killed = false;
    let next = 0;
    // Four clients writing as fast as the server answers, each write only counted when acknowledged.
    const client = async (lane: number) => {
      const api = new ApiClient(first.baseUrl);
      api.token = user.api.token;
      while (!killed) {
        next += 1;
        const n = next;
        try {
          if (lane % 2 === 0) {
            const name = `load-${n}`;
            inFlightAtKill += 1;
            const response = await api.post('/api/medicine', aMedicine(user.email, { name }));
            inFlightAtKill -= 1;
            if (response.status === 201) createdNames.push(name);
            else expect.fail(`unexpected ${response.status}: ${response.text}`);
          } else {
            const date = new Date(Date.UTC(2026, 0, n)).toISOString().slice(0, 10);
            inFlightAtKill += 1;
            const response = await api.put(`/api/medicine/${ticked.id}/taken`, { date, taken: '1-0-1' });
            inFlightAtKill -= 1;
            if (response.status === 200) tickedDates.push(date);
            else expect.fail(`unexpected ${response.status}: ${response.text}`);
          }
        } catch (error) {
          if (!killed) throw error;
        }
      }
    };
    const load = Promise.all([0, 1, 2, 3].map(client));
    expect(await waitFor(() => createdNames.length >= 30 && tickedDates.length >= 30, 90_000)).toBe(true);
    // Flagged first: the clients' connections break the moment the process dies.
    killed = true;
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    await load;
    const unanswered = inFlightAtKill;

    const second = await start();
    const api = new ApiClient(second.baseUrl);
    api.token = user.api.token; // the secret persisted in DATA_DIR: the old token is still good
    // The export holds every medicine and every dose day, whatever the range.
    const exported = await api.get(`/api/user/${user.email}/export`);
    expect(exported.status, exported.text).toBe(200);
    const body = exported.body as {
      medicines: { name: string }[];
      doseHistory: { medicineId: string; date: string }[];
    };
    const storedNames = new Set(body.medicines.map((m) => m.name));
    const storedDates = new Set(
      body.doseHistory.filter((d) => d.medicineId === ticked.id).map((d) => d.date),
    );

    const acknowledged = createdNames.length + tickedDates.length;
    const missing = [
      ...createdNames.filter((name) => !storedNames.has(name)),
      ...tickedDates.filter((date) => !storedDates.has(date)),
    ];
    const extra = storedNames.size - 1 - createdNames.length + (storedDates.size - tickedDates.length);
    console.log(
      `kill -9 (${TEST_ENGINE}): ${acknowledged} writes acknowledged (${createdNames.length} medicines, ${tickedDates.length} doses), ${acknowledged - missing.length} found after the restart; ${unanswered} in flight at the kill, ${extra} of them landed`,
    );
    expect(missing).toEqual([]);
    // And the restarted server takes writes again.
    const after = await api.put(`/api/medicine/${ticked.id}/taken`, { date: '2026-11-15', taken: '0-0-1' });
    expect(after.status, after.text).toBe(200);
  });
});
