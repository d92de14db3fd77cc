import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { formatDateTime } from '../../i18n/intl-formats';
import { buttonClass, inputClass } from '../../shared/ui/button.styles';
import type { PasskeyItem } from './passkeys.queries';

const PASSKEY_NAME_MAX = 60;
const dateOf = (iso: string) => formatDateTime(iso, { dateStyle: 'medium' }, 'en-US');
const momentOf = (iso: string) => formatDateTime(iso, { dateStyle: 'medium', timeStyle: 'short' }, 'en-US');

/** One passkey: its name (renamed in place), when it was added and last signed in, and Remove. */
export function PasskeyListItem(props: {
  passkey: PasskeyItem;
  onRename: (name: string) => Promise<string | null>;
  onRemove: () => void;
}) {
  const { t } = useLingui();
  const { passkey } = props;
  const passkeyName = passkey.name;
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string | null>(null);

  const save = async () => {
    const refused = await props.onRename(name);
    setError(refused);
    if (!refused) setEditing(false);
  };

  return (
    <li className="flex flex-col gap-2 py-3" aria-labelledby={`${id}-name`}>
      {editing ? (
        <form
          className="flex flex-col gap-2 sm:flex-row sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <div className="grow">
            <label htmlFor={`${id}-input`} id={`${id}-name`} className="text-sm font-medium text-slate-800">
              <Trans>Name of {passkeyName}</Trans>
            </label>
            <input
              id={`${id}-input`}
              className={inputClass}
              value={name}
              maxLength={PASSKEY_NAME_MAX}
              onChange={(event) => setName(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
          </div>
          <div className="flex gap-2">
            <button type="submit" className={buttonClass.primary}>
              <Trans>Save</Trans>
            </button>
            <button
              type="button"
              className={buttonClass.ghost}
              onClick={() => {
                setEditing(false);
                setName(passkey.name);
                setError(null);
              }}
            >
              <Trans>Cancel</Trans>
            </button>
          </div>
        </form>
      ) : (
        <p id={`${id}-name`} className="font-medium break-all text-slate-900">
          {passkey.name}
        </p>
      )}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">
          <Trans comment="When the passkey was added">Added</Trans>
        </dt>
        <dd className="text-slate-900">{dateOf(passkey.createdAt)}</dd>
        <dt className="text-slate-600">
          <Trans>Last used</Trans>
        </dt>
        <dd className="text-slate-900">
          {passkey.lastUsedAt
            ? momentOf(passkey.lastUsedAt)
            : t({ message: 'Never', context: 'never used', comment: 'Last used: never' })}
        </dd>
      </dl>
      {editing ? null : (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={buttonClass.ghost}
            onClick={() => setEditing(true)}
            aria-label={t`Rename ${passkeyName}`}
          >
            <Trans>Rename</Trans>
          </button>
          <button
            type="button"
            className={buttonClass.ghost}
            onClick={props.onRemove}
            aria-label={t`Remove ${passkeyName}`}
          >
            <Trans>Remove</Trans>
          </button>
        </div>
      )}
    </li>
  );
}
