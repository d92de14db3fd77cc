import { i18n } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { messageOf } from '../../lib/api-error';
import { trpc } from '../../lib/trpc';
import { notify } from '../../lib/toast';
import { confirmDialog } from '../../shared/dialogs/dialog.store';
import { useInvalidateJournal } from './journal.queries';

export const JOURNAL_OFFLINE_MESSAGE = msg`You're offline. Changing or deleting a journal entry needs a connection, so nothing was changed. New entries are kept and sent later.`;

/** Corrections, deletions and settings are online calls (decision 307): refused up front offline. */
function refusedOffline(): boolean {
  if (navigator.onLine) return false;
  notify.error(i18n._(JOURNAL_OFFLINE_MESSAGE));
  return true;
}

/** Runs an online journal call, says what happened, and refetches the journal either way. */
function useOnlineCall() {
  const invalidate = useInvalidateJournal();
  return async (call: () => Promise<unknown>, done: string, failed: string): Promise<boolean> => {
    if (refusedOffline()) return false;
    try {
      await call();
      notify.success(done);
      return true;
    } catch (error) {
      notify.error(messageOf(error) ?? failed);
      return false;
    } finally {
      await invalidate();
    }
  };
}

export function useJournalChanges() {
  const run = useOnlineCall();
  const deleteMeasurement = trpc.journal.deleteMeasurement.useMutation();
  const deleteSymptom = trpc.journal.deleteSymptom.useMutation();
  const updateMeasurement = trpc.journal.updateMeasurement.useMutation();
  const updateSymptom = trpc.journal.updateSymptom.useMutation();
  const addSymptomName = trpc.journal.addSymptomName.useMutation();
  const setPreferences = trpc.journal.setPreferences.useMutation();
  const setReminder = trpc.journal.setReminder.useMutation();
  const createType = trpc.journal.createType.useMutation();
  const deleteReminder = trpc.journal.deleteReminder.useMutation();

  const confirmDelete = (what: string) =>
    confirmDialog({
      title: t`Delete entry`,
      message: t`Delete "${what}" from your journal? This cannot be undone.`,
      confirmLabel: t`Yes, delete it`,
      danger: true,
    });

  return {
    async removeMeasurement(entry: { id: string; text: string }) {
      if (!(await confirmDelete(entry.text))) return;
      await run(
        () => deleteMeasurement.mutateAsync({ id: entry.id }),
        t`Reading deleted.`,
        t`Could not delete it.`,
      );
    },
    async removeSymptom(entry: { id: string; text: string }) {
      if (!(await confirmDelete(entry.text))) return;
      await run(
        () => deleteSymptom.mutateAsync({ id: entry.id }),
        t`Symptom deleted.`,
        t`Could not delete it.`,
      );
    },
    updateMeasurement: (input: Parameters<typeof updateMeasurement.mutateAsync>[0]) =>
      run(() => updateMeasurement.mutateAsync(input), t`Reading updated.`, t`Could not save the change.`),
    updateSymptom: (input: Parameters<typeof updateSymptom.mutateAsync>[0]) =>
      run(() => updateSymptom.mutateAsync(input), t`Symptom updated.`, t`Could not save the change.`),
    /** Throws when it could not be added, so the symptom is not saved under a name not on the list. */
    async addSymptomName(name: string) {
      if (
        !(await run(
          () => addSymptomName.mutateAsync({ name }),
          t`${name} added to your list.`,
          t`Could not add it.`,
        ))
      )
        throw new Error('The symptom name was not added');
    },
    setPreferences: (input: Parameters<typeof setPreferences.mutateAsync>[0]) =>
      run(() => setPreferences.mutateAsync(input), t`Saved.`, t`Could not save the settings.`),
    createType: (input: Parameters<typeof createType.mutateAsync>[0]) => {
      const name = input.name;
      return run(() => createType.mutateAsync(input), t`${name} added.`, t`Could not add it.`);
    },
    setReminder: (input: Parameters<typeof setReminder.mutateAsync>[0]) =>
      run(() => setReminder.mutateAsync(input), t`Reminder saved.`, t`Could not save the reminder.`),
    removeReminder: (type: string) =>
      run(() => deleteReminder.mutateAsync({ type }), t`Reminder stopped.`, t`Could not stop the reminder.`),
  };
}
