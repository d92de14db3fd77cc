import { trpc } from '../../lib/trpc';
import { useSignedInUser } from '../auth/auth.context';
import { queueWrite } from '../offline/outbox-sync';
import type { JournalCall } from '../offline/outbox-entry';
import { translatedType } from './journal-type-texts';

/**
 * Query keys: trpc journal.types {}, journal.measurements / journal.symptoms / journal.moods
 * {from, to}, journal.symptomNames {}, journal.series {type, from, to, medicineId?}. Every journal
 * write invalidates the whole `journal.*` key space (the recent list, the charts and the types'
 * preferences read the same entries); only the observed queries refetch.
 */
export function useJournalTypes() {
  // A built-in type's words in the page's language (issue 54): every screen reads them from here.
  return trpc.journal.types.useQuery({}, { select: (data) => data.types.map(translatedType) });
}

export function useSymptomNames() {
  return trpc.journal.symptomNames.useQuery({}, { select: (data) => data.names });
}

export function useRecentJournal(range: { from: string; to: string }) {
  const measurements = trpc.journal.measurements.useQuery(range, { select: (d) => d.measurements });
  const symptoms = trpc.journal.symptoms.useQuery(range, { select: (d) => d.symptoms });
  const moods = trpc.journal.moods.useQuery(range, { select: (d) => d.moods });
  return { measurements, symptoms, moods };
}

export function useInvalidateJournal() {
  const utils = trpc.useUtils();
  return () => utils.journal.invalidate();
}

/**
 * A new reading, symptom or mood goes through the device's write queue with an idempotency key
 * (decision 307), like a dose tick: saved on the device first, sent at once when online, later when
 * not. Corrections and deletions are online calls (an entry must exist on the server to change).
 */
export function useQueueJournalEntry() {
  const user = useSignedInUser();
  return (call: JournalCall, label: string) =>
    queueWrite({ kind: 'journal', userId: user.id, userEmail: user.email, call, label });
}
