import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { daysText, startDateText, timesText } from '../medicine-display';
import type { Medicine } from '../medicines.queries';
import { DurationBadge } from './duration-badge.component';
import { FollowUpNote } from './follow-up-note.component';
import { FrequencyText } from './frequency-text.component';
import { MedicineActions } from './medicine-actions.component';

const COLUMNS = [
  msg`Medication`,
  msg`Dosage`,
  msg`Frequency`,
  msg`Time`,
  msg`Start Date`,
  msg`Total Duration`,
  msg`Current Duration`,
  msg`Actions`,
];

export function MedicationTable(props: {
  medicines: readonly Medicine[];
  onDelete: (medicine: Medicine) => void;
  deletingId: string | undefined;
}) {
  const { t } = useLingui();
  return (
    // relative: the table's visually hidden texts (absolute) are placed, and clipped, inside the
    // scrolling box; without it they were placed against the page and widened it (decision 363).
    <div className="relative overflow-x-auto">
      <table className="w-full text-start">
        <thead className="border-b border-slate-200 text-sm text-slate-700">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column.id} scope="col" className="px-3 py-3 font-semibold">
                {t(column)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.medicines.map((medicine) => (
            <tr key={medicine.id} className="border-b border-slate-100 align-top last:border-0">
              <th scope="row" className="px-3 py-3 font-semibold text-slate-900">
                {medicine.name}
              </th>
              <td className="px-3 py-3">{medicine.dosage || '-'}</td>
              <td className="px-3 py-3">
                <FrequencyText frequency={medicine.frequency} schedule={medicine.schedule} />
              </td>
              <td className="px-3 py-3">
                {timesText(medicine.scheduledTimes)}
                <FollowUpNote followUps={medicine.followUps} />
              </td>
              <td className="px-3 py-3 whitespace-nowrap">{startDateText(medicine.startDate)}</td>
              <td className="px-3 py-3 whitespace-nowrap">{daysText(medicine.originalDurationDays)}</td>
              <td className="px-3 py-3">
                <DurationBadge daysLeft={medicine.daysLeft} />
              </td>
              <td className="px-1 py-1">
                <MedicineActions
                  medicine={medicine}
                  onDelete={() => props.onDelete(medicine)}
                  deleting={props.deletingId === medicine.id}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
