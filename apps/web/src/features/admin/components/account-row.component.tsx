import { Trans, useLingui } from '@lingui/react/macro';
import type { AdminAccount } from '@medrem/contract';
import { useState } from 'react';
import { formatDateTime } from '../../../i18n/intl-formats';
import { messageOf } from '../../../lib/api-error';
import { trpc } from '../../../lib/trpc';
import { notify } from '../../../lib/toast';
import { confirmDialog } from '../../../shared/dialogs/dialog.store';
import { buttonClass, cardClass, inputClass } from '../../../shared/ui/button.styles';

const badge = 'rounded-full px-2 py-0.5 text-sm font-medium';

/** One account with what an administrator may do to it; each confirmation names the account. */
export function AccountRow({ account }: { account: AdminAccount }) {
  const { t } = useLingui();
  const email = account.email;
  const day = (iso: string | null) =>
    iso
      ? formatDateTime(iso, { dateStyle: 'medium' }, 'en-US')
      : t({ message: 'never', comment: 'Last active: never' });
  const utils = trpc.useUtils();
  const disable = trpc.admin.disable.useMutation();
  const enable = trpc.admin.enable.useMutation();
  const reset = trpc.admin.sendPasswordReset.useMutation();
  const remove = trpc.admin.deleteAccount.useMutation();
  const [deleting, setDeleting] = useState(false);
  const [typed, setTyped] = useState('');
  const refresh = () => Promise.all([utils.admin.accounts.invalidate(), utils.admin.actions.invalidate()]);
  const act = async (work: () => Promise<{ message: string }>) => {
    try {
      notify.success((await work()).message);
    } catch (error) {
      notify.error(messageOf(error) ?? t`That did not work. Please try again.`);
    }
    await refresh();
  };
  const onDisable = async () => {
    const sure = await confirmDialog({
      title: t`Disable ${email}?`,
      message: t`They are signed out everywhere at once, cannot sign in and get no reminders until you re-enable the account.`,
      confirmLabel: t({ message: 'Disable', comment: 'Button: disable an account' }),
      danger: true,
    });
    if (sure) await act(() => disable.mutateAsync({ id: account.id }));
  };
  const onReset = async () => {
    const sure = await confirmDialog({
      title: t`Send a password reset link to ${email}?`,
      message: t`The link works once, for 30 minutes; choosing a new password signs them out everywhere else.`,
      confirmLabel: t`Send link`,
    });
    if (sure) await act(() => reset.mutateAsync({ id: account.id }));
  };
  const confirmId = `admin-delete-${account.id}`;
  return (
    <li className={`${cardClass} flex flex-col gap-3`}>
      <div className="flex flex-col gap-1">
        <p className="break-all font-semibold text-slate-900">{account.email}</p>
        <p className="text-slate-700">{account.name}</p>
        <p className="flex flex-wrap gap-2">
          {account.admin ? (
            <span className={`${badge} bg-brand-50 text-brand-800`}>
              <Trans>Administrator</Trans>
            </span>
          ) : null}
          {account.disabled ? (
            <span className={`${badge} bg-red-50 text-red-800`}>
              {t({ message: 'Disabled', comment: 'Badge: the account is disabled' })}
            </span>
          ) : null}
          <span className={`${badge} bg-slate-100 text-slate-800`}>
            {account.emailVerified ? t`Address verified` : t`Address not verified`}
          </span>
          <span className={`${badge} bg-slate-100 text-slate-800`}>
            {account.twoFactorEnabled ? t`Two-factor on` : t`Two-factor off`}
          </span>
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-700">
          <dt>
            <Trans>Created</Trans>
          </dt>
          <dd>{day(account.createdAt)}</dd>
          <dt>
            <Trans>Last active</Trans>
          </dt>
          <dd>{day(account.lastActiveAt)}</dd>
          <dt>
            <Trans>Profiles</Trans>
          </dt>
          <dd>{account.profiles}</dd>
        </dl>
      </div>
      <div className="flex flex-wrap gap-2">
        {account.disabled ? (
          <button
            type="button"
            className={buttonClass.secondary}
            onClick={() => void act(() => enable.mutateAsync({ id: account.id }))}
          >
            <Trans>
              Re-enable<span className="sr-only"> {email}</span>
            </Trans>
          </button>
        ) : (
          <button type="button" className={buttonClass.secondary} onClick={() => void onDisable()}>
            <Trans>
              Disable<span className="sr-only"> {email}</span>
            </Trans>
          </button>
        )}
        <button type="button" className={buttonClass.secondary} onClick={() => void onReset()}>
          <Trans>
            Send reset link<span className="sr-only"> to {email}</span>
          </Trans>
        </button>
        <button
          type="button"
          className={buttonClass.ghost}
          aria-expanded={deleting}
          onClick={() => setDeleting(!deleting)}
        >
          <Trans>
            Delete…<span className="sr-only"> {email}</span>
          </Trans>
        </button>
      </div>
      {deleting ? (
        <form
          className="flex flex-col gap-2 rounded-lg border border-red-200 bg-red-50 p-3"
          onSubmit={(event) => {
            event.preventDefault();
            void act(() => remove.mutateAsync({ id: account.id, confirmEmail: typed }));
          }}
        >
          <label htmlFor={confirmId} className="font-medium text-slate-900">
            <Trans>Type {email} to delete this account and everything it holds. This cannot be undone.</Trans>
          </label>
          <input
            id={confirmId}
            type="email"
            autoComplete="off"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            className={inputClass}
          />
          <div className="flex flex-wrap gap-2">
            <button
              type="submit"
              className={buttonClass.danger}
              disabled={remove.isPending || typed.trim().toLowerCase() !== account.email}
            >
              <Trans>Delete {email}</Trans>
            </button>
            <button type="button" className={buttonClass.secondary} onClick={() => setDeleting(false)}>
              <Trans>Cancel</Trans>
            </button>
          </div>
        </form>
      ) : null}
    </li>
  );
}
