import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { CARE_INVITATION_DAYS, DEFAULT_CARE_PERMISSIONS, emailSchema } from '@medrem/contract';
import { Copy } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { messageOf } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import { trpc } from '../../../lib/trpc';
import { buttonClass, inputClass } from '../../../shared/ui/button.styles';
import { Field, fieldAria } from '../../../shared/ui/field.component';
import { useSignedInUser } from '../../auth/auth.context';
import { useInvalidateCare } from '../care.queries';
import { CarePermissionsFields } from './care-permissions-fields.component';
import { contractMessage } from '../../auth/contract-messages';

/** The link the invitee opens: this app's own address, so it works wherever the app is served. */
const invitationLink = (token: string) =>
  `${window.location.origin}/care/accept?token=${encodeURIComponent(token)}`;

/**
 * Invite a caregiver. No email is sent (the server has no mail service): the patient copies the
 * link and sends it however they like; it works once, for the invited email only (decision 140).
 */
export function InviteCaregiver() {
  const { t } = useLingui();
  const user = useSignedInUser();
  const invalidate = useInvalidateCare();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [permissions, setPermissions] = useState(DEFAULT_CARE_PERMISSIONS);
  const [sent, setSent] = useState<{ email: string; link: string; mailed: boolean } | undefined>();
  const invite = trpc.care.invite.useMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) return setError(contractMessage(parsed.error.issues[0]?.message));
    setError(undefined);
    try {
      const answer = await invite.mutateAsync({ userEmail: user.email, email: parsed.data, permissions });
      setSent({ email: parsed.data, link: invitationLink(answer.token), mailed: answer.mailed });
      setEmail('');
      await invalidate();
    } catch (failure) {
      setError(messageOf(failure) ?? t`The invitation could not be made. Please try again.`);
    }
  };

  const copy = async () => {
    if (!sent) return;
    try {
      await navigator.clipboard.writeText(sent.link);
      notify.success(t`Invitation link copied.`);
    } catch {
      notify.warning(t`Copying is not allowed here: select the link and copy it yourself.`);
    }
  };

  const invited = sent?.email;
  const days = CARE_INVITATION_DAYS;
  return (
    <div className="flex flex-col gap-4">
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
        <Field id="care-invite-email" label={t`Caregiver’s email`} error={error}>
          <input
            type="email"
            autoComplete="email"
            className={inputClass}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            {...fieldAria('care-invite-email', error)}
          />
        </Field>
        <CarePermissionsFields idPrefix="care-invite" value={permissions} onChange={setPermissions} />
        <button type="submit" className={`${buttonClass.primary} self-start`} disabled={invite.isPending}>
          <Trans>Create invitation link</Trans>
        </button>
      </form>
      {sent ? (
        <div className="rounded-lg border border-slate-200 bg-brand-50 p-3" role="status">
          <p className="font-medium text-slate-900">
            <Trans>Invitation for {invited} is ready.</Trans>
          </p>
          <p className="text-sm text-slate-700">
            {sent.mailed
              ? t`We emailed it to ${invited}. You can also copy the link and send it yourself.`
              : t`It was not emailed: invitations are mailed once your own address is verified (see the notice at the top). Copy this link and send it to them yourself.`}{' '}
            <Plural
              value={days}
              one="It works once, for # day, and only for the account with that email."
              other="It works once, for # days, and only for the account with that email."
            />
          </p>
          <div className="mt-2 flex flex-col gap-2 sm:flex-row">
            <label htmlFor="care-invite-link" className="sr-only">
              <Trans>Invitation link</Trans>
            </label>
            <input
              id="care-invite-link"
              readOnly
              className={inputClass}
              value={sent.link}
              onFocus={(e) => e.target.select()}
            />
            <button type="button" className={buttonClass.secondary} onClick={() => void copy()}>
              <Copy aria-hidden className="size-4" /> <Trans>Copy link</Trans>
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
