import { Trans } from '@lingui/react/macro';
import { daysText, startDateText, timesText } from '../medicine-display';
import type { Medicine } from '../medicines.queries';
import { DurationBadge } from './duration-badge.component';
import { FollowUpNote } from './follow-up-note.component';
import { FrequencyText } from './frequency-text.component';
import { MedicineActions } from './medicine-actions.component';

/** The narrow-screen list: one card per medicine with the same fields as the table. */
export function MedicationCards(props: {
  medicines: readonly Medicine[];
  onDelete: (medicine: Medicine) => void;
  deletingId: string | undefined;
}) {
  return (
    <ul className="flex flex-col gap-3">
      {props.medicines.map((medicine) => (
        <li key={medicine.id} className="rounded-xl border border-slate-200 p-4">
          <div className="flex items-start justify-between gap-2">
            <div>
              <h3 className="text-lg font-semibold text-slate-900">{medicine.name}</h3>
              <p className="text-slate-700">{medicine.dosage || '-'}</p>
            </div>
            <MedicineActions
              medicine={medicine}
              onDelete={() => props.onDelete(medicine)}
              deleting={props.deletingId === medicine.id}
            />
          </div>
          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            <dt className="text-slate-600">
              <Trans>Frequency</Trans>
            </dt>
            <dd>
              <FrequencyText frequency={medicine.frequency} schedule={medicine.schedule} />
            </dd>
            <dt className="text-slate-600">
              <Trans>Time</Trans>
            </dt>
            <dd>
              {timesText(medicine.scheduledTimes)}
              <FollowUpNote followUps={medicine.followUps} />
            </dd>
            <dt className="text-slate-600">
              <Trans>Start Date</Trans>
            </dt>
            <dd>{startDateText(medicine.startDate)}</dd>
            <dt className="text-slate-600">
              <Trans>Total Duration</Trans>
            </dt>
            <dd>{daysText(medicine.originalDurationDays)}</dd>
            <dt className="text-slate-600">
              <Trans>Current Duration</Trans>
            </dt>
            <dd>
              <DurationBadge daysLeft={medicine.daysLeft} />
            </dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
