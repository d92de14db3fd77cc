import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { messageOf } from '../../../lib/api-error';
import { trpc } from '../../../lib/trpc';
import { notify } from '../../../lib/toast';
import { buttonClass, inputClass } from '../../../shared/ui/button.styles';

/** Mails an invitation to register: once, for 7 days, only for that address (decision 283). */
export function InviteForm() {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const invite = trpc.signups.invite.useMutation();
  const [email, setEmail] = useState('');
  const onSend = async () => {
    try {
      const answer = await invite.mutateAsync({ email });
      notify.success(answer.message);
      setEmail('');
    } catch (error) {
      notify.error(messageOf(error) ?? t`Could not send the invitation. Please try again.`);
    }
    await utils.admin.actions.invalidate();
  };
  return (
    <form
      className="flex flex-col gap-2 sm:flex-row sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        void onSend();
      }}
    >
      <div className="flex grow flex-col gap-1">
        <label htmlFor="admin-invite-email" className="font-medium text-slate-800">
          <Trans>Email address to invite</Trans>
        </label>
        <input
          id="admin-invite-email"
          type="email"
          autoComplete="off"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          className={inputClass}
        />
      </div>
      <button
        type="submit"
        className={buttonClass.secondary}
        disabled={invite.isPending || email.trim() === ''}
      >
        <Trans>Send invitation</Trans>
      </button>
    </form>
  );
}
