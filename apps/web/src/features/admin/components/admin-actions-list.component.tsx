import { Trans, useLingui } from '@lingui/react/macro';
import type { AdminActionView } from '@medrem/contract';
import { formatDateTime } from '../../../i18n/intl-formats';
import { trpc } from '../../../lib/trpc';

const when = (iso: string) => formatDateTime(iso, { dateStyle: 'medium', timeStyle: 'short' }, 'en-US');

/** What an administrator did, as one sentence: '{actor} disabled {target}'. */
function ActionSentence({ action }: { action: AdminActionView }) {
  const actor = <span className="font-medium">{action.actor}</span>;
  const target = <span className="font-medium">{action.target}</span>;
  switch (action.action) {
    case 'disable':
      return (
        <Trans>
          {actor} disabled {target}
        </Trans>
      );
    case 'enable':
      return (
        <Trans>
          {actor} re-enabled {target}
        </Trans>
      );
    case 'delete':
      return (
        <Trans>
          {actor} deleted {target}
        </Trans>
      );
    case 'password-reset':
      return (
        <Trans>
          {actor} sent a password reset link to {target}
        </Trans>
      );
    case 'signups':
      return (
        <Trans>
          {actor} set sign-ups to {target}
        </Trans>
      );
    case 'invite':
      return (
        <Trans>
          {actor} invited {target}
        </Trans>
      );
  }
}

/** The append-only record of administrators' actions (decision 284), newest first. */
export function AdminActionsList() {
  const { t } = useLingui();
  const actions = trpc.admin.actions.useQuery({ page: 1, pageSize: 50 });
  if (!actions.data) return <p className="text-slate-700">{t`Loading...`}</p>;
  if (actions.data.actions.length === 0)
    return (
      <p className="text-slate-700">
        <Trans>No administrator action yet.</Trans>
      </p>
    );
  return (
    <ol className="flex flex-col divide-y divide-slate-200">
      {actions.data.actions.map((a) => (
        <li key={a.id} className="flex flex-col gap-0.5 py-2 sm:flex-row sm:justify-between sm:gap-4">
          <span className="break-all text-slate-900">
            <ActionSentence action={a} />
          </span>
          <time dateTime={a.at} className="shrink-0 text-sm text-slate-700">
            {when(a.at)}
          </time>
        </li>
      ))}
    </ol>
  );
}
