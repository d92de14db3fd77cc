import { Trans } from '@lingui/react/macro';
import type { SignupPolicy } from '@medrem/contract/constants';
import { trpc } from '../../../lib/trpc';

/**
 * Who may register here (issue 57), from the public policy call; `mayRegister` is false while the
 * form would only be refused: sign-ups closed, or invite-only without an invitation link.
 */
export function useMayRegister(invitation: string | undefined) {
  const policy = trpc.signups.policy.useQuery(undefined, { staleTime: 60_000 }).data?.policy;
  const mayRegister =
    policy === 'open' || (policy === 'invite' && invitation !== undefined) || policy === undefined;
  return { policy, mayRegister };
}

/** Says plainly why the form is not there, or that an invitation is being used. */
export function SignupPolicyNotice({
  policy,
  invited,
}: {
  policy: SignupPolicy | undefined;
  invited: boolean;
}) {
  if (policy === 'closed') {
    return (
      <p role="status" className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-slate-900">
        <Trans>
          Sign-ups are closed on this server: no new accounts can be made. If you already have an account,
          sign in; otherwise ask the administrator of this server.
        </Trans>
      </p>
    );
  }
  if (policy === 'invite') {
    return (
      <p role="status" className="mb-6 rounded-lg border border-brand-100 bg-brand-50 p-4 text-slate-900">
        {invited ? (
          <Trans>You were invited: register with the email address the invitation was sent to.</Trans>
        ) : (
          <Trans>
            This server takes new accounts by invitation only. Open the invitation link mailed to you to
            register.
          </Trans>
        )}
      </p>
    );
  }
  return null;
}
