import { Trans, useLingui } from '@lingui/react/macro';
import { passwordSchema, type IdentityProviderName } from '@medrem/contract';
import { useState } from 'react';
import { messageOf } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import { trpc } from '../../../lib/trpc';
import { confirmDialog } from '../../../shared/dialogs/dialog.store';
import { buttonClass, inputClass } from '../../../shared/ui/button.styles';
import { Field } from '../../../shared/ui/field.component';
import { useSignedInUser } from '../../auth/auth.context';
import { renewAccessToken } from '../../../lib/token-refresh';
import { formatDateTime } from '../../../i18n/intl-formats';
import { contractMessage } from '../../auth/contract-messages';

function NewPasswordField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  return (
    <Field id={props.id} label={props.label} error={props.error}>
      <input
        id={props.id}
        type="password"
        autoComplete="new-password"
        className={inputClass}
        value={props.value}
        aria-invalid={Boolean(props.error)}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </Field>
  );
}

/** A first password for an account made by Google or OpenID Connect sign-in. */
function SetPasswordForm({ email, name, onDone }: { email: string; name: string; onDone: () => void }) {
  const { t } = useLingui();
  const update = trpc.user.update.useMutation();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState(false);
  const problem = contractMessage(passwordSchema.safeParse(password).error?.issues[0]?.message);
  const mismatch = confirm !== password ? t`Passwords do not match. Please try again.` : undefined;
  const onSave = async () => {
    setTouched(true);
    if (problem || mismatch) return;
    try {
      await update.mutateAsync({ userEmail: email, name, password });
      // A new password revokes every access token issued before it (decision 080).
      await renewAccessToken();
      notify.success(t`Password set. You can now also sign in with your email and password.`);
      onDone();
    } catch (error) {
      notify.error(messageOf(error) ?? t`The password could not be set. Please try again.`);
    }
  };
  return (
    <form
      className="flex flex-col gap-3"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void onSave();
      }}
    >
      <NewPasswordField
        id="set-password"
        label={t`New password`}
        value={password}
        onChange={setPassword}
        error={touched ? problem : undefined}
      />
      <NewPasswordField
        id="set-password-confirm"
        label={t`Confirm new password`}
        value={confirm}
        onChange={setConfirm}
        error={touched ? mismatch : undefined}
      />
      <button type="submit" className={`${buttonClass.primary} self-start`} disabled={update.isPending}>
        {update.isPending ? t`Saving...` : t`Set password`}
      </button>
    </form>
  );
}

/**
 * Settings, Profile: how this account signs in. Shown when a provider is linked or there is no
 * password; the last way to sign in cannot be unlinked (the server refuses it too).
 */
export function SignInMethods() {
  const { t } = useLingui();
  const user = useSignedInUser();
  const utils = trpc.useUtils();
  const methods = trpc.social.signInMethods.useQuery({ userEmail: user.email });
  const unlink = trpc.social.unlink.useMutation();
  const data = methods.data;
  if (!data || (data.hasPassword && data.providers.length === 0)) return null;
  const refresh = () => utils.social.signInMethods.invalidate({ userEmail: user.email });
  const lastWay = !data.hasPassword && data.providers.length === 1;

  const onUnlink = async (provider: IdentityProviderName, label: string) => {
    const confirmed = await confirmDialog({
      title: t`Unlink ${label}`,
      message: t`You will no longer be able to sign in with ${label}.`,
      confirmLabel: t({
        message: 'Unlink',
        comment: 'Button: unlink a sign-in provider (Google, OpenID Connect)',
      }),
      danger: true,
    });
    if (!confirmed) return;
    try {
      await unlink.mutateAsync({ userEmail: user.email, provider });
      notify.success(t`${label} is unlinked from your account.`);
    } catch (error) {
      notify.error(messageOf(error) ?? t`${label} could not be unlinked. Please try again.`);
    }
    await refresh();
  };

  return (
    <section
      aria-labelledby="sign-in-methods-title"
      className="flex flex-col gap-4 border-t border-slate-200 pt-5"
    >
      <h3 id="sign-in-methods-title" className="text-lg font-semibold text-slate-900">
        <Trans>Sign-in methods</Trans>
      </h3>
      <ul className="flex flex-col gap-3">
        <li className="flex flex-col gap-3">
          <span className="font-medium text-slate-800">
            {data.hasPassword ? t`Email and password: set` : t`Email and password: not set`}
          </span>
          {data.hasPassword ? null : (
            <SetPasswordForm email={user.email} name={user.name} onDone={() => void refresh()} />
          )}
        </li>
        {data.providers.map((p) => {
          const { label, email } = p;
          const linked = formatDateTime(
            p.linkedAt,
            { year: 'numeric', month: 'numeric', day: 'numeric' },
            'en-US',
          );
          return (
            <li key={p.provider} className="flex flex-wrap items-center justify-between gap-3">
              <span className="text-slate-800">
                <Trans>
                  <span className="font-medium">{label}</span> ({email}), linked {linked}
                </Trans>
              </span>
              <button
                type="button"
                className={buttonClass.secondary}
                disabled={lastWay || unlink.isPending}
                aria-describedby={lastWay ? 'sign-in-last-way' : undefined}
                onClick={() => void onUnlink(p.provider, p.label)}
              >
                {t`Unlink ${label}`}
              </button>
            </li>
          );
        })}
      </ul>
      {lastWay ? (
        <p id="sign-in-last-way" className="text-sm text-slate-600">
          <Trans>This is your only way to sign in. Set a password first to unlink it.</Trans>
        </p>
      ) : null}
    </section>
  );
}
