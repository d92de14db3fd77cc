import type { DashboardStart } from '@medrem/contract';
import type { QueryUtils } from '../../lib/trpc';

/**
 * Decision 061: the answers the page brought go into the query cache under the keys the
 * dashboard's sections read (the same procedures and inputs), before the app's first render, so
 * the dashboard paints with them at once. They are as fresh as the page: the cache's stale time
 * applies from now, as for any answer.
 */
export function seedDashboardStart(utils: QueryUtils, answers: DashboardStart): void {
  const { userEmail, date, from, to } = answers;
  utils.settings.get.setData({ userEmail }, answers.settings);
  utils.medicine.list.setData({ userEmail }, answers.medicines);
  utils.medicine.refillReminders.setData({ userEmail }, answers.refillReminders);
  for (const { id, taken, history } of answers.perMedicine) {
    utils.medicine.getTaken.setData({ id, date }, taken);
    utils.medicine.history.setData({ id, from, to }, history);
  }
}
