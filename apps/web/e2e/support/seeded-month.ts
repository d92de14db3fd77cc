import type { APIRequestContext } from '@playwright/test';
import { addMonths } from '@medrem/domain';
import { type Account, createAccount } from './accounts';
import { AccountApi } from './api';
import { todayUtc } from './journey';

/**
 * The month the report tests read: last month's first days, wholly past whatever the hour, so every
 * figure is fixed. Aspirin: morning and afternoon, the 1st–4th (taken 1st both, 2nd morning).
 * Metformin: morning and evening, the 2nd–3rd (taken 2nd both, 3rd morning).
 */
export async function seedLastMonth(
  request: APIRequestContext,
): Promise<{ account: Account; previous: string; day: (n: number) => string }> {
  const previous = addMonths(todayUtc().slice(0, 7), -1);
  const day = (n: number) => `${previous}-0${n}`;
  const account = await createAccount(request);
  const api = await AccountApi.signIn(request, account);
  const aspirin = await api.addMedicine(
    {
      name: 'Aspirin',
      dosage: '500mg',
      frequency: '1-1-0',
      totalDays: 4,
      supplyDays: 4,
      totalPills: 8,
      pillsPerDose: 1,
    },
    day(1),
  );
  const metformin = await api.addMedicine(
    {
      name: 'Metformin',
      dosage: '850mg',
      frequency: '1-0-1',
      totalDays: 2,
      supplyDays: 2,
      totalPills: 4,
      pillsPerDose: 1,
    },
    day(2),
  );
  await api.takeOn(aspirin, day(1), '1-1-0');
  await api.takeOn(aspirin, day(2), '1-0-0');
  await api.takeOn(metformin, day(2), '1-0-1');
  await api.takeOn(metformin, day(3), '1-0-0');
  return { account, previous, day };
}
