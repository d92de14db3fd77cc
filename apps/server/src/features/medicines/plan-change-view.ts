import type { PlanChange } from '@medrem/contract';
import { planChangeText, planValueText } from '@medrem/domain';
import type { PlanChangeRow } from './plan-change.repository';

/** An entry of a plan's history as the API and the export show it: each change also in words. */
export function toPlanChange(row: PlanChangeRow): PlanChange {
  return {
    id: row.id,
    effectiveOn: row.effectiveOn,
    kind: row.kind,
    changes: row.changes.map((c) => ({
      field: c.field,
      from: planValueText(c.field, c.from),
      to: planValueText(c.field, c.to),
      text: planChangeText(c),
    })),
    plan: row.plan,
    reason: row.reason,
    recordedAt: row.createdAt.toISOString(),
  };
}
