import { firstDayOfMonth, lastDayOfMonth, zonedNow } from '@medrem/domain';
import { serverClock } from '../../lib/server-clock';
import type { TrpcUtils } from '../../lib/trpc';

/**
 * The answers the dashboard's sections ask for per medicine — today's taken doses (`DoseSlots`,
 * useTakenToday: medicine.getTaken {id, date}) and the month's history (`ReportsPanel`,
 * useMonthReport: medicine.history {id, from, to}) — asked for as soon as the medicine list and the
 * settings (the user's zone, which gives "today") are known. Left to the sections, they left only
 * once the dashboard had rendered, which React holds back for a moment after its loading
 * spinner: ≈ 0.4 s after the list's answer in the benchmark's trace (decision 055, revised).
 * The same keys, so the sections find them in the cache; if the sections' date differs (a day
 * rolled over in between), they ask for their own.
 */
export async function prefetchDashboardAnswers(utils: TrpcUtils, userEmail: string): Promise<void> {
  const [{ settings }, { findMedicine }] = await Promise.all([
    utils.settings.get.ensureData({ userEmail }),
    utils.medicine.list.ensureData({ userEmail }),
  ]);
  const { date } = zonedNow(serverClock.now(), settings.timezone);
  const from = firstDayOfMonth(date);
  const to = lastDayOfMonth(date);
  await Promise.all(
    findMedicine.flatMap((medicine) => [
      utils.medicine.getTaken.prefetch({ id: medicine.id, date }),
      utils.medicine.history.prefetch({ id: medicine.id, from, to }),
    ]),
  );
}
