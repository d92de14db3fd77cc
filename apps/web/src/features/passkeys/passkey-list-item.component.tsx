import { useId, useState } from 'react';
import { buttonClass, inputClass } from '../../shared/ui/button.styles';
import type { PasskeyItem } from './passkeys.queries';

const PASSKEY_NAME_MAX = 60;
const dateOf = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });
const momentOf = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** One passkey: its name (renamed in place), when it was added and last signed in, and Remove. */
export function PasskeyListItem(props: {
  passkey: PasskeyItem;
  onRename: (name: string) => Promise<string | null>;
  onRemove: () => void;
}) {
  const { passkey } = props;
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
              Name of {passkey.name}
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
              Save
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
              Cancel
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
        <dt className="text-slate-600">Added</dt>
        <dd className="text-slate-900">{dateOf(passkey.createdAt)}</dd>
        <dt className="text-slate-600">Last used</dt>
        <dd className="text-slate-900">{passkey.lastUsedAt ? momentOf(passkey.lastUsedAt) : 'Never'}</dd>
      </dl>
      {editing ? null : (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={buttonClass.ghost}
            onClick={() => setEditing(true)}
            aria-label={`Rename ${passkey.name}`}
          >
            Rename
          </button>
          <button
            type="button"
            className={buttonClass.ghost}
            onClick={props.onRemove}
            aria-label={`Remove ${passkey.name}`}
          >
            Remove
          </button>
        </div>
      )}
    </li>
  );
}
