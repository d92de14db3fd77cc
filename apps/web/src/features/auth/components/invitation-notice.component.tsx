import { Trans } from '@lingui/react/macro';
import { useNavigation } from '../../../lib/navigation';

/** The path of a care invitation link (features/care/components/invite-caregiver.component.tsx). */
const INVITATION_PATH = '/care/accept';

const isInvitation = (redirect: string) =>
  new URL(redirect, 'http://app.invalid').pathname === INVITATION_PATH;

const linkClass = 'font-semibold text-brand-700 underline underline-offset-2';

/**
 * Decision 193: an invitation link opened signed out comes to Login or Register through the route
 * guard (?redirect= keeps the link). Who invited is not told before signing in: the contract reads an
 * invitation only for the signed-in account it was sent to (care.invitation, bearer), and a link
 * passed on must not name the patient to whoever holds it. So it says what the link is about and
 * how to go on, both ways keeping the way back to the invitation.
 */
export function InvitationNotice({ redirect }: { redirect?: string | undefined }) {
  const { Link } = useNavigation();
  if (!redirect || !isInvitation(redirect)) return null;
  return (
    <div role="note" className="mb-6 rounded-lg border border-brand-100 bg-brand-50 p-4 text-slate-800">
      <p>
        <Trans>
          You were invited to join someone&apos;s care circle.{' '}
          <Link to="/login" search={{ redirect }} className={linkClass}>
            Sign in
          </Link>{' '}
          or{' '}
          <Link to="/register" search={{ redirect }} className={linkClass}>
            create an account
          </Link>{' '}
          to accept.
        </Trans>
      </p>
      <p className="mt-2 text-sm text-slate-700">
        <Trans>
          Use the email address the invitation was sent to. You will then see who invited you and choose
          whether to accept.
        </Trans>
      </p>
    </div>
  );
}
