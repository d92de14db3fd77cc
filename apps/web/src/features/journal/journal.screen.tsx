import { Trans, useLingui } from '@lingui/react/macro';
import type { MeasurementEntryView, SymptomEntryView } from '@medrem/contract';
import { addDays } from '@medrem/domain';
import { useSearch } from '@tanstack/react-router';
import { trpc } from '../../lib/trpc';
import { Suspense, useState } from 'react';
import { browserTimeZone } from '../../lib/browser-time-zone';
import { lazyNamed } from '../../lib/lazy-named';
import { usePageTitle } from '../../lib/page-title.hook';
import { serverClock } from '../../lib/server-clock';
import { notify } from '../../lib/toast';
import { useZonedNow } from '../../lib/use-zoned-now.hook';
import { cardClass } from '../../shared/ui/button.styles';
import { Spinner } from '../../shared/ui/spinner.component';
import { useSignedInUser } from '../auth/auth.context';
import { useMedicines } from '../medicines/medicines.queries';
import { usePendingWrites } from '../offline/pending-writes.store';
import { useSettings } from '../settings/settings.queries';
import { CustomTypeForm } from './components/custom-type-form.component';
import { JournalSettings } from './components/journal-settings.component';
import { MeasurementReminders } from './components/measurement-reminders.component';
import { MeasurementForm } from './components/measurement-form.component';
import { MoodCheck } from './components/mood-check.component';
import { RecentEntries } from './components/recent-entries.component';
import { SymptomForm } from './components/symptom-form.component';
import { type MeasurementInput, type SymptomInput, readingLabel } from './journal-drafts';
import { useJournalTypes, useQueueJournalEntry, useRecentJournal, useSymptomNames } from './journal.queries';
import { MeasureScreen } from './measure.screen';
import { useJournalChanges } from './use-journal-changes.hook';

// The charts are their own chunk (decision 305): the entry forms show without waiting for them.
const JournalCharts = lazyNamed(() => import('./components/journal-charts.component'), 'JournalCharts');

/** The journal, or, from a measurement reminder's link (`?measure=<type>&due=`), its reading's page. */
export function JournalScreen() {
  const search: { measure?: unknown; due?: unknown } = useSearch({ strict: false });
  if (typeof search.measure === 'string') {
    return (
      <MeasureScreen type={search.measure} due={typeof search.due === 'string' ? search.due : undefined} />
    );
  }
  return <Journal />;
}

function Journal() {
  const { t } = useLingui();
  usePageTitle(t`Journal`, t`Your readings, symptoms and mood, next to your medicines.`);
  const { settings } = useSettings();
  const timeZone = settings?.timezone ?? browserTimeZone();
  const now = useZonedNow(timeZone);
  const user = useSignedInUser();
  const types = useJournalTypes();
  const names = useSymptomNames();
  const medicines = useMedicines();
  // The reminders to measure (decision 331): read here, not in journal.queries, which the start loads.
  const reminders = trpc.journal.reminders.useQuery({}, { select: (data) => data.reminders });
  const recent = useRecentJournal({ from: addDays(now.date, -13), to: now.date });
  const pending = usePendingWrites(user.id).filter((e) => e.kind === 'journal');
  const queue = useQueueJournalEntry();
  const changes = useJournalChanges();
  const [editing, setEditing] = useState<MeasurementEntryView | undefined>();
  const [editingSymptom, setEditingSymptom] = useState<SymptomEntryView | undefined>();
  const [moodBusy, setMoodBusy] = useState(false);

  if (!types.data) return <Spinner label={t`Loading your journal...`} />;
  const typeList = types.data;
  const medicineList = (medicines.data ?? []).map((m) => ({ id: m.id, name: m.name }));
  const typeLabel = (ref: string) => typeList.find((t) => t.type === ref)?.label ?? ref;
  const queuedMood = pending.findLast((e) => e.call.procedure === 'setMood' && e.call.date === now.date);
  const todaysMood =
    queuedMood?.call.body['mood'] ?? recent.moods.data?.find((m) => m.date === now.date)?.mood;

  const saveReading = async (input: MeasurementInput) => {
    const type = typeList.find((t) => t.type === input.type)!;
    if (editing) {
      const { type: _fixed, ...fields } = input;
      // A correction replaces the entry: a note or meal cleared in the form is cleared on the server.
      const correction = {
        id: editing.id,
        ...fields,
        note: fields.note ?? null,
        mealContext: fields.mealContext ?? null,
      };
      if (!(await changes.updateMeasurement(correction))) throw new Error('not saved');
      setEditing(undefined);
      return;
    }
    const label = readingLabel(type, input);
    await queue({ procedure: 'createMeasurement', body: { ...input } }, label);
    notify.success(t`${label} saved.`);
  };
  const saveSymptom = async (input: SymptomInput) => {
    if (editingSymptom) {
      const changed = await changes.updateSymptom({
        id: editingSymptom.id,
        ...input,
        medicineId: input.medicineId ?? null,
        note: input.note ?? null,
      });
      if (!changed) throw new Error('not saved');
      setEditingSymptom(undefined);
      return;
    }
    const symptom = input.symptom;
    await queue({ procedure: 'createSymptom', body: { ...input } }, symptom);
    notify.success(t`${symptom} saved.`);
  };
  const chooseMood = async (mood: number) => {
    setMoodBusy(true);
    try {
      await queue({ procedure: 'setMood', date: now.date, body: { mood } }, t`Today’s mood`);
    } finally {
      setMoodBusy(false);
    }
  };
  const formNow = { date: now.date, time: now.time, at: serverClock.now().getTime() };

  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">
        <Trans>Health journal</Trans>
      </h1>
      <div className="grid gap-4 lg:grid-cols-2">
        <div className={cardClass}>
          <MeasurementForm
            key={editing?.id ?? 'new'}
            types={typeList}
            timeZone={timeZone}
            now={formNow}
            editing={editing}
            onCancel={() => setEditing(undefined)}
            onSave={saveReading}
          />
        </div>
        <div className="space-y-4">
          <div className={cardClass}>
            <MoodCheck
              mood={typeof todaysMood === 'number' ? todaysMood : undefined}
              busy={moodBusy}
              onChoose={(mood) => void chooseMood(mood)}
            />
          </div>
          <div className={cardClass}>
            <SymptomForm
              key={editingSymptom?.id ?? 'new'}
              editing={editingSymptom}
              onCancel={() => setEditingSymptom(undefined)}
              names={(names.data ?? []).map((n) => n.name)}
              medicines={medicineList}
              now={() => serverClock.now().getTime()}
              onAddName={(name) => changes.addSymptomName(name)}
              onSave={saveSymptom}
            />
          </div>
        </div>
      </div>
      <div className={cardClass}>
        <RecentEntries
          measurements={recent.measurements.data ?? []}
          symptoms={recent.symptoms.data ?? []}
          pending={pending.filter((e) => e.call.procedure !== 'setMood')}
          typeLabel={typeLabel}
          timeZone={timeZone}
          onEdit={(entry) => {
            setEditing(entry);
            window.scrollTo({ top: 0 });
          }}
          onEditSymptom={(entry) => {
            setEditingSymptom(entry);
            document.getElementById('symptom-form-title')?.scrollIntoView();
          }}
          onDeleteMeasurement={(entry) => void changes.removeMeasurement(entry)}
          onDeleteSymptom={(entry) => void changes.removeSymptom(entry)}
        />
      </div>
      <Suspense fallback={<Spinner label={t`Loading the charts...`} />}>
        <JournalCharts types={typeList} medicines={medicineList} today={now.date} timeZone={timeZone} />
      </Suspense>
      <details className={cardClass}>
        <summary className="inline-flex min-h-11 cursor-pointer items-center text-lg font-semibold text-slate-900">
          <Trans>Units and target ranges</Trans>
        </summary>
        <JournalSettings types={typeList} onSave={changes.setPreferences} />
      </details>
      <details className={cardClass}>
        <summary className="inline-flex min-h-11 cursor-pointer items-center text-lg font-semibold text-slate-900">
          <Trans>Your own measurements</Trans>
        </summary>
        <CustomTypeForm onCreate={changes.createType} />
      </details>
      <details className={cardClass}>
        <summary className="inline-flex min-h-11 cursor-pointer items-center text-lg font-semibold text-slate-900">
          <Trans>Reminders to measure</Trans>
        </summary>
        {reminders.data ? (
          <MeasurementReminders
            types={typeList}
            reminders={reminders.data}
            onSave={changes.setReminder}
            onRemove={changes.removeReminder}
          />
        ) : (
          <Spinner label={t`Loading your reminders...`} />
        )}
      </details>
    </div>
  );
}
