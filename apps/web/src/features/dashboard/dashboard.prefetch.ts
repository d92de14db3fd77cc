import { firstDayOfMonth, lastDayOfMonth, zonedNow } from '@medrem/domain';
import { serverClock } from '../../lib/server-clock';
import { startToken } from '../../lib/start-token';
import type { QueryUtils, TrpcUtils } from '../../lib/trpc';

/**
 * The answers the dashboard's sections ask for per medicine — today's taken doses (`DoseSlots`,
 * useTakenToday: medicine.getTaken {id, date}) and the month's history (`ReportsPanel`,
 * useMonthReport: medicine.history {id, from, to}) — asked for as soon as the medicine list and the
 * settings (the user's zone, which gives "today") are known. Left to the sections, they leave only
 * once the dashboard has rendered with the list (decision 055, revised; that was ≈ 0.4 s after the
 * list's answer while the dashboard was still a lazy chunk behind a Suspense boundary). The same keys, so the sections find them in the cache; if the sections' date differs (a day
 * rolled over in between), they ask for their own.
 */
export async function prefetchDashboardAnswers(
  utils: TrpcUtils | QueryUtils,
  userEmail: string,
): Promise<void> {
  const [{ settings }, { findMedicine }] = await Promise.all([
    utils.settings.get.ensureData({ userEmail }),
    utils.medicine.list.ensureData({ userEmail }),
    // The third answer the dashboard waits for before its first paint.
    utils.medicine.refillReminders.prefetch({ userEmail }),
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

/**
 * Decision 059: the home route's loader. At a start with a signed-in user known (the page's session
 * answer), the dashboard's answers are asked for as soon as their token is there (lib/start-token.ts),
 * while the app renders, instead of once it has rendered and the auth provider has the token: in the
 * benchmark's trace that was 130 ms of main-thread work later, and four times that on a slow phone.
 */
export async function prefetchDashboardAtStart(utils: QueryUtils): Promise<void> {
  const user = utils.auth.session.getData()?.user;
  if (!user || !(await startToken.ready(user))) return;
  // Failures are the sections' to show: they ask again themselves.
  await prefetchDashboardAnswers(utils, user.email).catch(() => undefined);
}
