import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef, useState } from 'react';
import { useOnlineStatus } from '../../app/shell/use-online-status.hook';
import { buttonClass, inputClass } from '../../shared/ui/button.styles';
import { PasskeyListItem } from './passkey-list-item.component';
import { type PasskeyItem, passkeyOffline, usePasskeys } from './passkeys.queries';

/**
 * Settings → Privacy & Security, "Passkeys" (issue 57): sign in with the phone's or the computer's
 * lock (a fingerprint, a face, a PIN) or a security key instead of the password. Each passkey can
 * be named and removed here.
 */
export function PasskeysSection() {
  const { t } = useLingui();
  const passkeys = usePasskeys();
  const online = useOnlineStatus();
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const add = async () => {
    const refused = await passkeys.add(name);
    setError(refused);
    if (!refused) setName('');
  };
  const remove = async (passkey: PasskeyItem) => {
    // The item and its buttons are gone: the focus goes to the section rather than to the page's top.
    if (await passkeys.remove(passkey)) heading.current?.focus();
  };

  return (
    <section aria-labelledby={`${id}-title`} className="mt-2 border-t border-slate-200 pt-5">
      <h3
        id={`${id}-title`}
        ref={heading}
        tabIndex={-1}
        className="mb-2 text-lg font-semibold text-slate-900"
      >
        <Trans>Passkeys</Trans>
      </h3>
      <p className="text-sm text-slate-700">
        <Trans>
          Sign in with your phone’s or computer’s screen lock (fingerprint, face or PIN) or a security key,
          without typing your password. A passkey cannot be guessed or phished.
        </Trans>
      </p>
      {online ? null : (
        <p role="status" className="mt-2 text-sm font-medium text-amber-900">
          {passkeyOffline()}
        </p>
      )}
      {passkeys.loading ? (
        <p className="mt-3 text-sm text-slate-600">
          {online ? t`Loading…` : t`Your passkeys are listed here once you’re back online.`}
        </p>
      ) : passkeys.failed ? (
        <p className="mt-3 text-sm text-red-800" role="alert">
          <Trans>Your passkeys could not be loaded. Please try again later.</Trans>
        </p>
      ) : passkeys.passkeys && passkeys.passkeys.length > 0 ? (
        <ul className="divide-y divide-slate-200" aria-label={t`Your passkeys`}>
          {passkeys.passkeys.map((passkey) => (
            <PasskeyListItem
              key={passkey.id}
              passkey={passkey}
              onRename={(newName) => passkeys.rename(passkey, newName)}
              onRemove={() => void remove(passkey)}
            />
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-slate-800">
          <Trans>You have no passkey yet.</Trans>
        </p>
      )}
      <form
        className="mt-4 flex flex-col gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          void add();
        }}
      >
        <div className="grow">
          <label htmlFor={`${id}-name`} className="text-sm font-medium text-slate-800">
            <Trans>Name for the new passkey (optional)</Trans>
          </label>
          <input
            id={`${id}-name`}
            className={inputClass}
            value={name}
            maxLength={60}
            placeholder={t`e.g. My phone`}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <button type="submit" className={buttonClass.primary} disabled={passkeys.adding || !online}>
          {passkeys.adding ? t`Waiting for your device…` : t`Add a passkey`}
        </button>
      </form>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </section>
  );
}
