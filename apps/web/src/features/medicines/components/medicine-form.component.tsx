import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  type DerivedMedicineFigures,
  type DoseSchedule,
  type FollowUpSettings,
  kindUsesSlots,
  taperDays,
} from '@medrem/domain';
import { useEffect, useRef, useState } from 'react';
import { useController, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import type { z } from 'zod';
import { buttonClass, cardClass, inputClass } from '../../../shared/ui/button.styles';
import { Field, fieldAria } from '../../../shared/ui/field.component';
import type { MedicineFormInput, MedicineFormValues } from '../medicine-form.schema';
import { useMedicineDerivations } from '../use-medicine-derivations.hook';
import { type ScheduleErrors, draftOf, toSchedule } from '../schedule-draft.model';
import { supplyDaysOf } from '../supply-days.model';
import { useOwnTimes } from '../use-own-times.hook';
import { choicesOfFrequency } from '../slot-choices.model';
import { NUMBER_FIELDS } from '../medicine-number-fields';
import { followUpDraftOf, followUpsOf } from '../follow-up-choice.model';
import { DoseTimesChoice } from './own-times.component';
import { FollowUpChoice } from './follow-up-choice.component';
import { ScheduleFields } from './schedule-fields.component';
import { ScheduledTimes } from './scheduled-times.component';
import { SlotChoices } from './slot-choices.component';
import { SchedulePreview } from './schedule-preview.component';

/** Said at the dose times when none is chosen (the spec's warning, at its field: decision 195). */
export const NO_DOSE_TIME_CHOSEN = msg`Choose at least one dose time.`;
const NO_SCHEDULED_TIMES = msg`Choose a dose time that has a default reminder time (see Settings).`;

const NO_ERRORS: ScheduleErrors = {};

export function MedicineForm(props: {
  idPrefix: string;
  schema: z.ZodType<MedicineFormValues, MedicineFormInput>;
  defaultValues: Partial<MedicineFormInput>;
  defaultReminderTimes: readonly string[];
  /** The stored schedule (update) or none (add: every day, the spec's rule). */
  defaultSchedule?: DoseSchedule | null;
  /** The medicine's own times (update, decision 212); none: the usual times. */
  defaultDoseTimes?: readonly string[] | undefined;
  /** The user's follow-ups (Settings) and the medicine's own (update, decision 254); none: the user's. */
  userFollowUps: FollowUpSettings;
  defaultFollowUps?: FollowUpSettings | undefined;
  /** Today in the saved zone, and the zone: the 7-day preview starts here. */
  today: string;
  timeZone: string;
  /**
   * When the medicine was added (update), or now (add): a dose of the start date before it is not
   * due (decision 187), and the preview says so (decision 247).
   */
  addedAt: string;
  submitLabel: string;
  busyLabel: string;
  /** A scanned pack's name and pack size (add screen, decision 329), put in as if typed. */
  filled?: { name?: string; totalPills?: number } | undefined;
  /** Returns true when the form should be reset (a successful add). */
  onSubmit: (values: MedicineFormValues, derived: DerivedMedicineFigures) => Promise<boolean>;
}) {
  const { t } = useLingui();
  const { idPrefix: p, schema, defaultReminderTimes } = props;
  const {
    register,
    handleSubmit,
    control,
    reset,
    setValue,
    getValues,
    getFieldState,
    formState: { errors, isSubmitting },
  } = useForm<MedicineFormInput, unknown, MedicineFormValues>({
    resolver: zodResolver(schema),
    defaultValues: props.defaultValues,
  });
  const [frequency, originalDurationDays, startDate] = useWatch({
    control,
    name: ['frequency', 'originalDurationDays', 'startDate'],
  });
  const { filled } = props;
  useEffect(() => {
    if (filled?.name !== undefined) setValue('name', filled.name, { shouldDirty: true });
    if (filled?.totalPills !== undefined) setValue('totalPills', filled.totalPills, { shouldDirty: true });
  }, [filled, setValue]);
  const [draft, setDraft] = useState(() => draftOf(props.defaultSchedule));
  // The schedule's problems show at their fields once the user tried to save (decision 195), and
  // follow the edits from then on; a toast that vanishes is no place for them.
  const [triedToSave, setTriedToSave] = useState(false);
  const built = toSchedule(draft);
  const [followUpDraft, setFollowUpDraft] = useState(() =>
    followUpDraftOf(props.defaultFollowUps, props.userFollowUps),
  );
  const followUps = followUpsOf(followUpDraft);
  const own = useOwnTimes(
    props.defaultDoseTimes,
    {
      get: () => getValues('frequency') ?? '',
      set: (value) => setValue('frequency', value, { shouldValidate: triedToSave }),
      chosenUsual: () =>
        choicesOfFrequency(getValues('frequency'), defaultReminderTimes.length).flatMap((on, slot) =>
          on && defaultReminderTimes[slot] ? [defaultReminderTimes[slot]] : [],
        ),
    },
    defaultReminderTimes,
  );
  // The course's pills by the schedule and the pills a dose (decision 186), as the server stores them.
  const derived = useMedicineDerivations(frequency, originalDurationDays, own.slotTimes, {
    schedule: 'schedule' in built ? built.schedule : null,
    pillsPerDose: useWatch({ control, name: 'pillsPerDose' }),
    startDate: startDate ?? props.today,
  });
  const scheduleErrors: ScheduleErrors = triedToSave && 'errors' in built ? built.errors : NO_ERRORS;
  const slotKind = kindUsesSlots(draft.kind);
  // Every-N-hours and as-needed doses have no slots: the hidden frequency only has to be valid. The
  // user's own choice comes back with a slot kind: never a dose time they did not choose (195).
  const chosenFrequency = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!slotKind) {
      chosenFrequency.current ??= getValues('frequency') ?? '';
      setValue('frequency', '1');
    } else if (chosenFrequency.current !== undefined) {
      setValue('frequency', chosenFrequency.current);
      chosenFrequency.current = undefined;
    }
  }, [slotKind, setValue, getValues]);

  // A taper's course is its steps: the total duration follows them (the server derives it the same
  // way), so the form never shows one course length and saves another.
  const taperLength = draft.kind === 'taper' ? taperDays(draft.steps) : 0;
  useEffect(() => {
    if (taperLength > 0) setValue('originalDurationDays', taperLength, { shouldValidate: true });
  }, [taperLength, setValue]);

  // 'Supply Duration' follows from the pills and the doses (the dashboard's rule) until the user
  // types their own (issue 51): filled in, still editable, never overwriting what they typed.
  const [supplyPills, supplyPillsPerDose] = useWatch({ control, name: ['totalPills', 'pillsPerDose'] });
  const supplyDays = supplyDaysOf({
    totalPills: Number(supplyPills),
    pillsPerDose: Number(supplyPillsPerDose),
    frequency: frequency ?? '',
    schedule: 'schedule' in built ? built.schedule : null,
    startDate: startDate ?? props.today,
    originalDurationDays: Number(originalDurationDays),
  });
  useEffect(() => {
    if (supplyDays !== null && !getFieldState('durationDays').isDirty)
      setValue('durationDays', supplyDays, { shouldValidate: triedToSave });
  }, [supplyDays, getFieldState, setValue, triedToSave]);

  // Spec section 5: submit is blocked with a warning when the frequency yields no scheduled time;
  // the warning stands at the dose times (decision 195).
  const { field: frequencyField } = useController({ control, name: 'frequency' });
  const frequencyProblem = !slotKind
    ? undefined
    : !(frequency ?? '').includes('1')
      ? t(NO_DOSE_TIME_CHOSEN)
      : derived.scheduledTimes.length === 0
        ? t(NO_SCHEDULED_TIMES)
        : errors.frequency?.message;
  const blockedByFrequency = () =>
    slotKind && (derived.scheduledTimes.length === 0 || (own.times !== null && own.issue !== null));
  const onValid = async (values: MedicineFormValues) => {
    setTriedToSave(true);
    if (blockedByFrequency()) return;
    if ('errors' in built || 'error' in followUps) return;
    // Own times only with slot doses; null returns an edited medicine to the usual times.
    const doseTimes = slotKind ? own.sorted : null;
    const saved = { ...values, schedule: built.schedule, doseTimes, followUps: followUps.followUps };
    if (await props.onSubmit(saved, derived)) {
      reset();
      own.chooseUsual();
      setFollowUpDraft(followUpDraftOf(null, props.userFollowUps));
      setDraft(draftOf(null));
      setTriedToSave(false);
    }
  };
  const onInvalid = (_errors: FieldErrors<MedicineFormInput>) => setTriedToSave(true);

  const error = (name: keyof MedicineFormInput) => errors[name]?.message;
  return (
    <form
      noValidate
      onSubmit={(e) => void handleSubmit(onValid, onInvalid)(e)}
      className={`${cardClass} flex flex-col gap-5`}
    >
      <div className="grid gap-5 md:grid-cols-2">
        <Field id={`${p}-name`} label={t`Medicine Name`} error={error('name')}>
          <input
            type="text"
            className={inputClass}
            {...fieldAria(`${p}-name`, error('name'))}
            {...register('name')}
          />
        </Field>
        <Field id={`${p}-dosage`} label={t`Dosage`} error={error('dosage')} hint={t`For example 500mg.`}>
          <input
            type="text"
            className={inputClass}
            {...fieldAria(`${p}-dosage`, error('dosage'), true)}
            {...register('dosage')}
          />
        </Field>
        <ScheduleFields idPrefix={p} draft={draft} errors={scheduleErrors} onChange={setDraft} />
        <div className={slotKind ? 'md:col-span-2' : 'hidden'}>
          <DoseTimesChoice
            id={`${p}-own-times`}
            times={own.times}
            error={triedToSave ? (own.issue ?? undefined) : undefined}
            onUsual={own.chooseUsual}
            onOwn={own.chooseOwn}
            onTimes={own.setTimes}
          >
            <SlotChoices
              id={`${p}-frequency`}
              value={frequencyField.value}
              times={defaultReminderTimes}
              error={triedToSave ? frequencyProblem : undefined}
              onChange={frequencyField.onChange}
            />
          </DoseTimesChoice>
        </div>
        <Field id={`${p}-startDate`} label={t`Start Date`} error={error('startDate')}>
          <input
            type="date"
            className={inputClass}
            {...fieldAria(`${p}-startDate`, error('startDate'))}
            {...register('startDate')}
          />
        </Field>
        {'schedule' in built ? (
          <SchedulePreview
            idPrefix={p}
            schedule={built.schedule}
            frequency={frequency ?? ''}
            startDate={startDate ?? props.today}
            originalDurationDays={Number(originalDurationDays)}
            from={props.today}
            addedAt={props.addedAt}
            timeZone={props.timeZone}
            defaultReminderTimes={own.slotTimes}
          />
        ) : (
          // An incomplete schedule previews nothing: not the daily doses it would fall back to.
          <p className="rounded-lg bg-slate-50 p-3 text-slate-700 md:col-span-2">
            <Trans>The next 7 days show here once the schedule is complete.</Trans>
          </p>
        )}
        <ScheduledTimes
          id={`${p}-times`}
          shown={slotKind}
          derived={derived}
          usualTimes={own.times === null}
        />
        {NUMBER_FIELDS.map(({ name, label, hint }) => (
          <Field key={name} id={`${p}-${name}`} label={t(label)} error={error(name)} hint={hint && t(hint)}>
            <input
              type="number"
              min={1}
              step={1}
              inputMode="numeric"
              className={inputClass}
              readOnly={name === 'originalDurationDays' && taperLength > 0}
              {...fieldAria(`${p}-${name}`, error(name), Boolean(hint))}
              {...register(name, { valueAsNumber: true })}
            />
          </Field>
        ))}
        <div className="md:col-span-2">
          <FollowUpChoice
            id={`${p}-follow-ups`}
            draft={followUpDraft}
            userDefault={props.userFollowUps}
            error={triedToSave && 'error' in followUps ? followUps.error : undefined}
            onChange={setFollowUpDraft}
          />
        </div>
        <div className="md:col-span-2">
          <Field id={`${p}-instructions`} label={t`Instructions`} error={error('instructions')}>
            <textarea
              rows={3}
              className={inputClass}
              {...fieldAria(`${p}-instructions`, error('instructions'))}
              {...register('instructions')}
            />
          </Field>
        </div>
      </div>
      <div className="flex justify-end">
        <button type="submit" className={`${buttonClass.primary} w-full sm:w-auto`} disabled={isSubmitting}>
          {isSubmitting ? props.busyLabel : props.submitLabel}
        </button>
      </div>
    </form>
  );
}
