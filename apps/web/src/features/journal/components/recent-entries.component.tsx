import { Trans, useLingui } from '@lingui/react/macro';
import type { MeasurementEntryView, SymptomEntryView } from '@medrem/contract';
import { Pencil, Trash2 } from 'lucide-react';
import type { OutboxEntry } from '../../offline/outbox-entry';
import { buttonClass } from '../../../shared/ui/button.styles';
import { readingText } from '../journal-type-texts';
import { readingTimeLabel } from './measurement-chart.component';
import { SEVERITY_IN_TEXT } from './symptom-form.component';

type Row =
  | { kind: 'measurement'; at: string; entry: MeasurementEntryView; label: string }
  | { kind: 'symptom'; at: string; entry: SymptomEntryView; label: string }
  | { kind: 'pending'; at: string; entry: Extract<OutboxEntry, { kind: 'journal' }>; label: string };

export interface RecentEntriesProps {
  measurements: MeasurementEntryView[];
  symptoms: SymptomEntryView[];
  /** Entries made on the device and not yet on the server (the write queue). */
  pending: Extract<OutboxEntry, { kind: 'journal' }>[];
  typeLabel: (type: string) => string;
  timeZone: string;
  onEdit: (entry: MeasurementEntryView) => void;
  onEditSymptom: (entry: SymptomEntryView) => void;
  onDeleteMeasurement: (entry: { id: string; text: string }) => void;
  onDeleteSymptom: (entry: { id: string; text: string }) => void;
}

/** The last two weeks' readings and symptoms, newest first; what waits to sync is said so. */
export function RecentEntries(props: RecentEntriesProps) {
  const { t } = useLingui();
  const measurementLabel = (entry: MeasurementEntryView) => {
    const name = props.typeLabel(entry.type);
    const reading = readingText(entry);
    return t({
      message: `${name} ${reading}`,
      comment: 'A reading: its type\'s name, then its value and unit, e.g. "Weight 154.3 lb"',
    });
  };
  const symptomLabel = (entry: SymptomEntryView) => {
    const symptom = entry.symptom;
    const level = entry.severity;
    const words = SEVERITY_IN_TEXT[level - 1];
    const severity = words ? t(words) : String(level);
    return t`${symptom}, ${severity} (${level} of 5)`;
  };
  const suspected = (medicine: string) => t`suspected: ${medicine}`;
  /** The line under an entry: its time, the suspected medicine, the note, whether it waits to sync. */
  const details = (row: Row) =>
    [
      readingTimeLabel(row.at, props.timeZone),
      row.kind === 'symptom' && row.entry.medicineName ? suspected(row.entry.medicineName) : '',
      row.kind !== 'pending' && row.entry.note ? row.entry.note : '',
      row.kind === 'pending' ? t`waiting to sync` : '',
    ]
      .filter(Boolean)
      .join(' · ');
  const rows: Row[] = [
    ...props.pending.map((entry) => ({
      kind: 'pending' as const,
      at: entry.madeAt,
      entry,
      label: entry.label,
    })),
    ...props.measurements.map((entry) => ({
      kind: 'measurement' as const,
      at: entry.measuredAt,
      entry,
      label: measurementLabel(entry),
    })),
    ...props.symptoms.map((entry) => ({
      kind: 'symptom' as const,
      at: entry.occurredAt,
      entry,
      label: symptomLabel(entry),
    })),
  ].sort((a, b) => b.at.localeCompare(a.at));
  const editLabel = (entry: string) => t`Edit ${entry}`;
  const deleteLabel = (entry: string) => t`Delete ${entry}`;

  return (
    <section aria-labelledby="recent-title">
      <h2 id="recent-title" className="text-lg font-semibold text-slate-900">
        <Trans>Recent entries</Trans>
      </h2>
      {rows.length === 0 ? (
        <p className="mt-2 text-slate-700">
          <Trans>Nothing recorded in the last two weeks.</Trans>
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200">
          {rows.map((row) => (
            <li
              key={`${row.kind}-${row.kind === 'pending' ? row.entry.key : row.entry.id}`}
              className="flex items-center gap-2 py-2"
            >
              <div className="min-w-0 flex-1">
                <p className="font-medium text-slate-900">{row.label}</p>
                <p className="text-sm text-slate-600">{details(row)}</p>
              </div>
              {row.kind !== 'pending' ? (
                <button
                  type="button"
                  className={buttonClass.icon}
                  aria-label={editLabel(row.label)}
                  onClick={() =>
                    row.kind === 'measurement' ? props.onEdit(row.entry) : props.onEditSymptom(row.entry)
                  }
                >
                  <Pencil aria-hidden="true" className="size-5" />
                </button>
              ) : null}
              {row.kind !== 'pending' ? (
                <button
                  type="button"
                  className={buttonClass.icon}
                  aria-label={deleteLabel(row.label)}
                  onClick={() =>
                    row.kind === 'measurement'
                      ? props.onDeleteMeasurement({ id: row.entry.id, text: row.label })
                      : props.onDeleteSymptom({ id: row.entry.id, text: row.label })
                  }
                >
                  <Trash2 aria-hidden="true" className="size-5" />
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
