import { Trans, useLingui } from '@lingui/react/macro';
import { Eye, EyeOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { messageOf } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import { trpc } from '../../../lib/trpc';
import { buttonClass, inputClass } from '../../../shared/ui/button.styles';
import { Field } from '../../../shared/ui/field.component';
import { useSignedInUser } from '../../auth/auth.context';
import { AccountActions } from './account-actions.component';
import { LanguageSection } from './language-section.component';
import { SimpleModeSetting } from '../../simple-mode/components/simple-mode-choice.component';
import { ChangeEmailForm } from './change-email-form.component';
import { SignInMethods } from './sign-in-methods.component';

/**
 * Spec: the name is editable only in edit mode, the email never; the three password fields appear
 * in edit mode but stay disabled; Save is disabled while saving or when new ≠ confirm.
 */
export function ProfileTab({
  onUnsavedChange,
}: {
  /** Whether an edit is under way that Save Changes has not saved (decision 217). */
  onUnsavedChange?: (unsaved: boolean) => void;
} = {}) {
  const { t } = useLingui();
  const sessionUser = useSignedInUser();
  // Spec: the user record is fetched by id (only when the id is truthy); only name and email show.
  const record = trpc.user.get.useQuery({ id: sessionUser.id }, { enabled: Boolean(sessionUser.id) });
  const user = record.data ? { ...sessionUser, ...record.data.findUser } : sessionUser;
  const utils = trpc.useUtils();
  const update = trpc.user.update.useMutation();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(user.name);
  const [passwords, setPasswords] = useState({ current: '', next: '', confirm: '' });
  const [showCurrent, setShowCurrent] = useState(false);

  const unsaved =
    editing && (name !== user.name || Object.values(passwords).some((password) => password !== ''));
  useEffect(() => {
    onUnsavedChange?.(unsaved);
    return () => onUnsavedChange?.(false);
  }, [unsaved, onUnsavedChange]);

  const startEditing = () => {
    setName(user.name);
    setEditing(true);
  };

  const stopEditing = () => {
    setEditing(false);
    setName(user.name);
    setPasswords({ current: '', next: '', confirm: '' });
  };

  const onSave = async () => {
    if (!user.email) return; // spec: nothing is sent unless the user has an email
    try {
      const result = await update.mutateAsync({
        userEmail: user.email,
        name,
        ...(passwords.next ? { password: passwords.next, currentPassword: passwords.current } : {}),
      });
      utils.auth.session.setData(undefined, { user: result.user });
      utils.user.get.setData({ id: result.user.id }, { findUser: result.user });
      notify.success(t`Profile updated successfully!`);
      setEditing(false);
      setPasswords({ current: '', next: '', confirm: '' });
    } catch (error) {
      notify.error(messageOf(error) ?? t`Failed to update profile`);
    }
  };

  const mismatch = passwords.next !== passwords.confirm;
  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-slate-900">
          <Trans>Profile</Trans>
        </h2>
        <button
          type="button"
          className={buttonClass.secondary}
          onClick={editing ? stopEditing : startEditing}
        >
          {editing ? t`Cancel` : t({ message: 'Edit', comment: 'Button: edit the profile' })}
        </button>
      </div>
      <Field id="profile-name" label={t`Full Name`}>
        <input
          id="profile-name"
          className={inputClass}
          value={editing ? name : user.name}
          disabled={!editing}
          onChange={(e) => setName(e.target.value)}
        />
      </Field>
      <Field id="profile-email" label={t`Email`}>
        <input id="profile-email" className={inputClass} value={user.email} readOnly disabled />
      </Field>
      {editing ? null : <ChangeEmailForm />}
      {editing ? (
        <>
          <Field id="profile-current-password" label={t`Current Password`}>
            <div className="flex gap-2">
              <input
                id="profile-current-password"
                type={showCurrent ? 'text' : 'password'}
                className={inputClass}
                value={passwords.current}
                disabled
                onChange={(e) => setPasswords({ ...passwords, current: e.target.value })}
              />
              <button
                type="button"
                className={buttonClass.icon}
                aria-label={showCurrent ? t`Hide current password` : t`Show current password`}
                onClick={() => setShowCurrent(!showCurrent)}
              >
                {showCurrent ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
              </button>
            </div>
          </Field>
          <Field id="profile-new-password" label={t`New Password`}>
            <input
              id="profile-new-password"
              type="password"
              className={inputClass}
              value={passwords.next}
              disabled
              onChange={(e) => setPasswords({ ...passwords, next: e.target.value })}
            />
          </Field>
          <Field
            id="profile-confirm-password"
            label={t`Confirm New Password`}
            error={mismatch ? t`Passwords do not match. Please try again.` : undefined}
          >
            <input
              id="profile-confirm-password"
              type="password"
              className={inputClass}
              value={passwords.confirm}
              disabled
              onChange={(e) => setPasswords({ ...passwords, confirm: e.target.value })}
            />
          </Field>
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              className={buttonClass.primary}
              disabled={update.isPending || mismatch}
              onClick={() => void onSave()}
            >
              {update.isPending ? t`Saving...` : t`Save Changes`}
            </button>
            <button type="button" className={buttonClass.secondary} onClick={stopEditing}>
              <Trans>Cancel</Trans>
            </button>
          </div>
        </>
      ) : null}
      <LanguageSection />
      <SimpleModeSetting />
      <SignInMethods />
      <AccountActions title={t`Account Actions`} />
    </div>
  );
}
