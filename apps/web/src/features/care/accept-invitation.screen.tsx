import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { messageOf } from '../../lib/api-error';
import { usePageTitle } from '../../lib/page-title.hook';
import { notify } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { buttonClass, cardClass } from '../../shared/ui/button.styles';
import { Spinner } from '../../shared/ui/spinner.component';
import { useInvalidateCare } from './care.queries';

const route = getRouteApi('/_authed/care/accept');

/**
 * An invitation link, opened signed in (the route guard sent a signed-out visitor through login or
 * registration and back here). It names the patient first; accepting is a second, explicit step.
 */
export function AcceptInvitationScreen() {
  const { t } = useLingui();
  usePageTitle(t`Care invitation`, t`Accept an invitation to care for someone.`);
  const { token } = route.useSearch();
  const navigate = useNavigate();
  const invalidate = useInvalidateCare();
  const preview = trpc.care.invitation.useMutation();
  const accept = trpc.care.accept.useMutation();
  const { mutate } = preview;

  useEffect(() => {
    if (token) mutate({ token });
  }, [token, mutate]);

  const onAccept = async () => {
    if (!token) return;
    try {
      const { patientName } = await accept.mutateAsync({ token });
      await invalidate();
      notify.success(t`You now care for ${patientName}.`);
      await navigate({ to: '/care', replace: true });
    } catch {
      // Shown below from accept.error.
    }
  };

  const failure = !token
    ? t`This invitation link is incomplete. Ask for a new one.`
    : messageOf(preview.error ?? accept.error);
  const patientName = preview.data?.patientName;
  return (
    <div className={`${cardClass} mx-auto flex max-w-xl flex-col gap-4`}>
      <h1 className="text-2xl font-bold text-slate-900">
        <Trans>Care invitation</Trans>
      </h1>
      {failure ? (
        <p role="alert" className="font-medium text-red-700">
          {failure}
        </p>
      ) : preview.data ? (
        <>
          <p className="text-slate-800">
            <Trans>
              <strong>{patientName}</strong> invites you to be their caregiver. You will see how they are
              doing with their doses each day and may get alerts when a dose is missed. You cannot change
              anything of theirs, and you can leave at any time.
            </Trans>
          </p>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={buttonClass.primary}
              disabled={accept.isPending}
              onClick={() => void onAccept()}
            >
              <Trans>Accept invitation</Trans>
            </button>
            <button
              type="button"
              className={buttonClass.secondary}
              onClick={() => void navigate({ to: '/' })}
            >
              <Trans>Not now</Trans>
            </button>
          </div>
        </>
      ) : (
        <Spinner label={t`Reading the invitation...`} />
      )}
    </div>
  );
}
