import { Trans } from '@lingui/react/macro';
import type { DosePage } from '@medrem/contract';
import { zonedNow } from '@medrem/domain';
import { useState } from 'react';
import { serverClock } from '../../lib/server-clock';
import { buttonClass } from '../../shared/ui/button.styles';
import { DosePostponeEditor } from '../dashboard/components/dose-postpone-editor.component';

/**
 * "Postpone…" on the dose page a reminder opens (decision 343): the link's open doses to a later
 * time today, chosen in the dashboard card's form (+30 min, +1 h, +2 h or a time). "Now" is the
 * user's saved zone's (the page's `timeZone`), as the server judges it; a refusal (a time not later
 * than the dose and now) is said in the form.
 */
export function DosePagePostpone(props: {
  page: Pick<DosePage, 'time' | 'timeZone'>;
  doseName: string;
  className: string;
  disabled: boolean;
  /** Null once sent or kept offline, else the reason it was not. */
  onPostpone: (newTime: string) => Promise<string | null>;
}) {
  const [editing, setEditing] = useState(false);
  if (editing) {
    return (
      <DosePostponeEditor
        doseName={props.doseName}
        plannedTime={props.page.time}
        now={zonedNow(serverClock.now(), props.page.timeZone)}
        onPostpone={props.onPostpone}
        onClose={() => setEditing(false)}
      />
    );
  }
  return (
    <button
      type="button"
      className={`${buttonClass.secondary} ${props.className}`}
      disabled={props.disabled}
      onClick={() => setEditing(true)}
    >
      <Trans>Postpone…</Trans>
    </button>
  );
}
