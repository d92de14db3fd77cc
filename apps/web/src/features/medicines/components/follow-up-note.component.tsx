import type { FollowUpSettings } from '@medrem/domain';
import { followUpNote } from '../follow-up-text';

// Apart from the form's FollowUpChoice (decision 350): the dashboard's medicine list shows this
// note, and a module the signed-in start uses goes whole into its precached chunk.

/** Under a medicine's times in the list: its own follow-ups, when it has them (decision 255). */
export function FollowUpNote({ followUps }: { followUps: FollowUpSettings | undefined }) {
  const note = followUpNote(followUps);
  return note ? <span className="block text-sm text-slate-600">{note}</span> : null;
}
