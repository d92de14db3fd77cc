import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, createMedicine, expectJsonError, signedInUser } from '../support/scenario';
import { TEST_ENGINE } from '../support/test-database';
import { type TestServer, startTestServer } from '../support/test-server';
import { loadOpenApi, operationsOf } from './openapi-operations';

/** One regression test per finding of the openapi.json fuzz (see openapi-fuzz.suite.ts). */
describe(`what the fuzz found (${TEST_ENGINE})`, () => {
  let server: TestServer;
  let user: SignedInUser;
  const operations = operationsOf(loadOpenApi());
  const operation = (id: string) => {
    const found = operations.find((o) => o.id === id);
    if (!found) throw new Error(`no operation ${id}`);
    return found;
  };

  beforeAll(async () => {
    server = await startTestServer();
    user = await signedInUser(server);
  });
  afterAll(() => server.close());

  it('documents the error bodies as they are sent, `data` included', async () => {
    const response = await user.api.post('/api/medicine', { userEmail: user.email, name: '' });
    expect(response.status).toBe(400);
    expect(response.body.data.issues.length).toBeGreaterThan(0);
    const validate = operation('medicine-create').responses.get(400)!;
    expect(validate(response.body), JSON.stringify(validate.errors)).toBe(true);
  });

  it('documents 201, not 200, for the calls that create', async () => {
    const created = await user.api.post('/api/medicine', {
      userEmail: user.email,
      name: 'Documented',
      dosage: '1 tablet',
      frequency: '1-0-1',
      startDate: '2026-11-01',
      durationDays: 10,
      originalDurationDays: 10,
      totalPills: 20,
      pillsPerDose: 1,
      instructions: '',
    });
    expect(created.status, created.text).toBe(201);
    const responses = operation('medicine-create').responses;
    expect([...responses.keys()]).not.toContain(200);
    expect(responses.get(201)!(created.body)).toBe(true);
    expect([...operation('auth-register').responses.keys()]).toContain(201);
  });

  it('answers an empty path parameter with a 400 that names it, not an undocumented 404', async () => {
    const response = await user.api.get('/api/notifications/');
    expectJsonError(response, 400);
    expect(response.body.message).toBe('userEmail: missing from the path.');
    const medicine = await createMedicine(user);
    expect(medicine.id).toBeTruthy();
    const taken = await user.api.put('/api/medicine//taken', { date: '2026-11-02', taken: '1-0-1' });
    expectJsonError(taken, 400);
    expect(taken.body.message).toBe('id: missing from the path.');
  });

  it('refuses a body that is not JSON with a clear, documented 415', async () => {
    const response = await user.api.request(
      'PATCH',
      `/api/medicine/${crypto.randomUUID()}/refill`,
      undefined,
      {
        headers: { 'content-type': 'text/plain' },
        rawBody: '{"pills": 3}',
      },
    );
    expectJsonError(response, 415);
    expect(response.body.message).toBe('Unsupported content type: send application/json.');
    const validate = operation('medicine-refill').responses.get(415)!;
    expect(validate(response.body), JSON.stringify(validate.errors)).toBe(true);
  });
});
