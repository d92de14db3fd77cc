import { Trans, useLingui } from '@lingui/react/macro';
import { Trash2 } from 'lucide-react';
import { useId } from 'react';
import { formatDateTime } from '../../i18n/intl-formats';
import { buttonClass } from '../../shared/ui/button.styles';
import type { PersonalToken } from './access-tokens.queries';

const dateOf = (iso: string) => formatDateTime(iso, { dateStyle: 'medium' }, 'en-US');
const momentOf = (iso: string) => formatDateTime(iso, { dateStyle: 'medium', timeStyle: 'short' }, 'en-US');

/** One token: what it may do, when it was made and last used, when it ends, and Revoke. */
export function TokenListItem(props: { token: PersonalToken; now: Date; onRevoke: () => void }) {
  const { t } = useLingui();
  const { token, now, onRevoke } = props;
  const tokenName = token.name;
  const id = useId();
  const expired = token.expiresAt !== null && new Date(token.expiresAt).getTime() <= now.getTime();
  return (
    <li className="flex flex-col gap-2 py-3" aria-labelledby={`${id}-name`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p id={`${id}-name`} className="font-medium break-all text-slate-900">
          {token.name}
        </p>
        {expired ? (
          <span className="rounded bg-red-100 px-2 py-0.5 text-sm font-medium text-red-900">
            <Trans>Expired</Trans>
          </span>
        ) : null}
      </div>
      <ul className="flex flex-wrap gap-1" aria-label={t`Scopes`}>
        {token.scopes.map((scope) => (
          <li key={scope} className="rounded bg-slate-100 px-2 py-0.5 font-mono text-sm text-slate-800">
            {scope}
          </li>
        ))}
      </ul>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">
          <Trans comment="When the token was created">Created</Trans>
        </dt>
        <dd className="text-slate-900">{dateOf(token.createdAt)}</dd>
        <dt className="text-slate-600">
          <Trans>Last used</Trans>
        </dt>
        <dd className="text-slate-900">
          {token.lastUsedAt
            ? momentOf(token.lastUsedAt)
            : t({ message: 'Never', context: 'never used', comment: 'Last used: never' })}
        </dd>
        <dt className="text-slate-600">{expired ? t`Expired` : t`Expires`}</dt>
        <dd className={expired ? 'font-medium text-red-800' : 'text-slate-900'}>
          {token.expiresAt
            ? dateOf(token.expiresAt)
            : t({ message: 'Never', context: 'never expires', comment: 'Expires: never' })}
        </dd>
      </dl>
      <div>
        <button
          type="button"
          className={buttonClass.ghost}
          onClick={onRevoke}
          aria-label={t`Revoke ${tokenName}`}
        >
          <Trash2 aria-hidden="true" className="size-5" />
          <Trans>Revoke</Trans>
        </button>
      </div>
    </li>
  );
}
