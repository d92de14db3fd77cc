import { Trans, useLingui } from '@lingui/react/macro';
import { MailWarning } from 'lucide-react';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { messageOf } from '../../lib/api-error';
import { trpc } from '../../lib/trpc';
import { buttonClass } from '../../shared/ui/button.styles';
import { PAGE_NOTICES_ID } from '../../shared/ui/page-notices';

/**
 * Asks a signed-in person to verify their address (decision 208), in the page's notices place (its
 * end, so a banner mounted on idle moves nothing on screen, decision 197), in its flow: the address the link went to, and "Resend" (limited by the server per address and network).
 */
export function VerifyEmailBanner({ email }: { email: string }) {
  const { t } = useLingui();
  const resend = trpc.email.resendVerification.useMutation();
  const [status, setStatus] = useState<string | null>(null);
  const host = document.getElementById(PAGE_NOTICES_ID);
  if (!host) return null;
  const onResend = async () => {
    setStatus(null);
    try {
      await resend.mutateAsync({ email });
      setStatus(t`A new link is on its way to ${email}. Check the mailbox, and its spam folder.`);
    } catch (error) {
      setStatus(messageOf(error) ?? t`The mail could not be asked for. Please try again.`);
    }
  };
  return createPortal(
    <aside
      aria-label={t`Verify your email address`}
      className="mt-6 flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-start gap-3">
        <MailWarning aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-800" />
        <p className="text-slate-900">
          <Trans>
            Please verify your email address: open the link we sent to{' '}
            <strong className="break-all">{email}</strong>. Until then, caregiver invitations are not mailed.
          </Trans>
        </p>
      </div>
      <button
        type="button"
        className={`${buttonClass.secondary} shrink-0`}
        disabled={resend.isPending}
        onClick={() => void onResend()}
      >
        {resend.isPending
          ? t`Sending...`
          : t({ message: 'Resend', comment: 'Button: mail the verification link again' })}
      </button>
      {status ? (
        <p role="status" className="text-sm text-slate-800 sm:basis-full">
          {status}
        </p>
      ) : null}
    </aside>,
    host,
  );
}
