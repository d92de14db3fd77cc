import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SignupPolicy } from '@medrem/contract/constants';
import { useEffect, useState } from 'react';
import { messageOf } from '../../../lib/api-error';
import { trpc } from '../../../lib/trpc';
import { notify } from '../../../lib/toast';
import { buttonClass } from '../../../shared/ui/button.styles';

const CHOICES: {
  value: SignupPolicy;
  label: MessageDescriptor;
  hint: MessageDescriptor;
  /** What the toast says once it is saved. */
  saved: MessageDescriptor;
}[] = [
  {
    value: 'open',
    label: msg({
      message: 'Open',
      context: 'sign-up policy',
      comment: 'Sign-up policy: anyone may register (an adjective: sign-ups are open)',
    }),
    hint: msg`Anyone who reaches this server may register.`,
    saved: msg`Sign-ups are now open.`,
  },
  {
    value: 'invite',
    label: msg({ message: 'By invitation', comment: 'Sign-up policy' }),
    hint: msg`Only with an invitation link mailed to that address.`,
    saved: msg`Sign-ups are now by invitation.`,
  },
  {
    value: 'closed',
    label: msg({ message: 'Closed', comment: 'Sign-up policy: nobody may register' }),
    hint: msg`Nobody may register; existing accounts still sign in.`,
    saved: msg`Sign-ups are now closed.`,
  },
];

/** Who may register: the stored choice, which wins over the SIGNUPS setting (decision 282). */
export function SignupPolicyForm() {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const current = trpc.admin.signups.useQuery();
  const save = trpc.admin.setSignups.useMutation();
  const [choice, setChoice] = useState<SignupPolicy | undefined>();
  useEffect(() => {
    if (current.data) setChoice(current.data.policy);
  }, [current.data]);
  if (!current.data || !choice) return <p className="text-slate-700">{t`Loading the sign-up policy...`}</p>;
  const onSave = async () => {
    try {
      await save.mutateAsync({ policy: choice });
      notify.success(t(CHOICES.find((c) => c.value === choice)!.saved));
    } catch (error) {
      notify.error(messageOf(error) ?? t`Could not save. Please try again.`);
    }
    await Promise.all([utils.admin.signups.invalidate(), utils.admin.actions.invalidate()]);
  };
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        void onSave();
      }}
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium text-slate-800">
          <Trans>Who may register</Trans>
        </legend>
        {CHOICES.map((c) => (
          <label key={c.value} className="flex min-h-11 items-start gap-3 rounded-lg p-2 hover:bg-slate-50">
            <input
              type="radio"
              name="signups"
              value={c.value}
              checked={choice === c.value}
              onChange={() => setChoice(c.value)}
              className="mt-1 size-5"
            />
            <span>
              <span className="font-medium text-slate-900">{t(c.label)}</span>
              <span className="block text-sm text-slate-700">{t(c.hint)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <p className="text-sm text-slate-700">
        {current.data.source === 'stored'
          ? t`Chosen here; it wins over the SIGNUPS setting.`
          : t`From the SIGNUPS setting until you save a choice here.`}
      </p>
      <div>
        <button
          type="submit"
          className={buttonClass.primary}
          disabled={save.isPending || choice === current.data.policy}
        >
          <Trans>Save sign-up policy</Trans>
        </button>
      </div>
    </form>
  );
}
