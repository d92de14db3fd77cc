import type { DashboardStart } from '@medrem/contract';
import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpLink } from '@trpc/client';
import { createTRPCQueryUtils, getQueryKey } from '@trpc/react-query';
import type { AppRouter } from '@medrem/server';
import { describe, expect, it } from 'vitest';
import { trpc } from '../../lib/trpc';
import { seedDashboardStart } from './dashboard-start';

const answers = {
  userEmail: 'ada@example.com',
  date: '2026-11-21',
  from: '2026-11-01',
  to: '2026-11-30',
  settings: { settings: { timezone: 'Europe/Berlin' } },
  medicines: { findMedicine: [{ id: 'm1', name: 'Aspirin' }] },
  refillReminders: [],
  perMedicine: [
    { id: 'm1', taken: { takenDay: { date: '2026-11-21', taken: '1-0' } }, history: { takenHistory: [] } },
  ],
} as unknown as DashboardStart;

describe('seeding the dashboard’s first answers (decision 061)', () => {
  it('puts each under the key the sections’ hooks read', () => {
    const queryClient = new QueryClient();
    // Never called: the answers must be found without asking.
    const client = createTRPCClient<AppRouter>({ links: [httpLink({ url: 'http://never.invalid' })] });
    seedDashboardStart(createTRPCQueryUtils({ queryClient, client }), answers);
    const data = (procedure: Parameters<typeof getQueryKey>[0], input: unknown) =>
      queryClient.getQueryData(getQueryKey(procedure, input as never, 'query'));
    expect(data(trpc.settings.get, { userEmail: 'ada@example.com' })).toBe(answers.settings);
    expect(data(trpc.medicine.list, { userEmail: 'ada@example.com' })).toBe(answers.medicines);
    expect(data(trpc.medicine.refillReminders, { userEmail: 'ada@example.com' })).toBe(
      answers.refillReminders,
    );
    expect(data(trpc.medicine.getTaken, { id: 'm1', date: '2026-11-21' })).toBe(
      answers.perMedicine[0]!.taken,
    );
    expect(data(trpc.medicine.history, { id: 'm1', from: '2026-11-01', to: '2026-11-30' })).toBe(
      answers.perMedicine[0]!.history,
    );
  });
});
