import { isStoppedOn, maxDate, planOf } from '@medrem/domain';
import type { MedicineRow } from './medicine.repository';
import type { PlanChangeRepository } from './plan-change.repository';

type PlanFields = Parameters<typeof planOf>[0];

/**
 * The history's entry for an edit (decision 314), written in the edit's transaction. Before its
 * start date nothing has happened yet: the first entry is rewritten, from the (maybe moved) start.
 * After it, a change of a plan field is recorded from today, the user's local day, and keeps the
 * stop the medicine is under.
 */
export async function recordPlanEdit(
  planChanges: PlanChangeRepository,
  edit: { current: MedicineRow; values: PlanFields & { startDate: string }; today: string },
): Promise<void> {
  const { current, values, today } = edit;
  const stopped = isStoppedOn(current, today);
  if (today < current.startDate) {
    await planChanges.restart(current.id, maxDate(values.startDate, today), planOf(values, stopped));
    return;
  }
  await planChanges.record({
    medicineId: current.id,
    effectiveOn: today,
    kind: 'change',
    before: planOf(current, stopped),
    plan: planOf(values, stopped),
  });
}
