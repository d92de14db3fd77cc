import type { AdminActionView } from '@medrem/contract';
import { trpc } from '../../../lib/trpc';

const VERBS: Record<AdminActionView['action'], string> = {
  disable: 'disabled',
  enable: 're-enabled',
  delete: 'deleted',
  'password-reset': 'sent a password reset link to',
  signups: 'set sign-ups to',
  invite: 'invited',
};

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The append-only record of administrators' actions (decision 284), newest first. */
export function AdminActionsList() {
  const actions = trpc.admin.actions.useQuery({ page: 1, pageSize: 50 });
  if (!actions.data) return <p className="text-slate-700">Loading...</p>;
  if (actions.data.actions.length === 0)
    return <p className="text-slate-700">No administrator action yet.</p>;
  return (
    <ol className="flex flex-col divide-y divide-slate-200">
      {actions.data.actions.map((a) => (
        <li key={a.id} className="flex flex-col gap-0.5 py-2 sm:flex-row sm:justify-between sm:gap-4">
          <span className="break-all text-slate-900">
            <span className="font-medium">{a.actor}</span> {VERBS[a.action]}{' '}
            <span className="font-medium">{a.target}</span>
          </span>
          <time dateTime={a.at} className="shrink-0 text-sm text-slate-700">
            {when(a.at)}
          </time>
        </li>
      ))}
    </ol>
  );
}
