import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, createMedicine, signedInUser } from '../../support/scenario';
import { TEST_ENGINE } from '../../support/test-database';
import { type TestServer, startTestServer } from '../../support/test-server';
import { pdfText } from './report-files';

/** Issue 51: the PDF's font has no arrow, and "Tapering: 40 mg → 30 mg" printed as "40 mg ? 30 mg". */
describe(`the doctor's PDF prints what its font lacks in letters it has (${TEST_ENGINE})`, () => {
  let server: TestServer;
  let user: SignedInUser;

  beforeAll(async () => {
    server = await startTestServer({ now: '2026-12-10T12:00:00.000Z' });
    user = await signedInUser(server, { name: 'Ada Lovelace', timezone: 'Europe/Berlin' });
    await createMedicine(user, {
      name: 'Prednisolone',
      dosage: '5 mg tablets',
      frequency: '1-0-0',
      startDate: '2026-12-01',
      totalPills: 42,
      pillsPerDose: 1,
      instructions: 'Keep ≤ 2 a day − with food',
      schedule: {
        kind: 'taper',
        steps: [
          { days: 3, dose: '40 mg', pillsPerDose: 8 },
          { days: 3, dose: '30 mg', pillsPerDose: 6 },
        ],
      },
    });
  });
  afterAll(() => server?.close());

  it('writes the taper’s arrow and other signs as text, with no "?" and no note', async () => {
    const response = await fetch(
      `${server.baseUrl}/api/report/${user.email}/doctor/pdf?from=2026-12-01&to=2026-12-06`,
      { headers: { authorization: `Bearer ${user.api.token}` } },
    );
    expect(response.status).toBe(200);
    const text = await pdfText(new Uint8Array(await response.arrayBuffer()));
    expect(text).toContain('Tapering: 40 mg -> 30 mg');
    expect(text).not.toMatch(/40 mg \? 30 mg/);
    expect(text).not.toContain('appear as');
  });
});
