import { Trans, useLingui } from '@lingui/react/macro';
import { usePageTitle } from '../../lib/page-title.hook';
import { trpc } from '../../lib/trpc';
import { cardClass } from '../../shared/ui/button.styles';
import { Spinner } from '../../shared/ui/spinner.component';
import { AccountsList } from './components/accounts-list.component';
import { AdminActionsList } from './components/admin-actions-list.component';
import { InviteForm } from './components/invite-form.component';
import { SignupPolicyForm } from './components/signup-policy-form.component';

const sectionTitle = 'text-xl font-semibold text-slate-900';

/**
 * The operator's screen (issue 57): who may register, invitations, the accounts and what
 * administrators did. Its own chunk, loaded only when an administrator opens /admin.
 */
export function AdminScreen() {
  const { t } = useLingui();
  usePageTitle(t`Administration`, t`Sign-ups and accounts of this server.`);
  const roles = trpc.signups.roles.useQuery();
  if (roles.isPending) return <Spinner label={t`Loading...`} />;
  if (!roles.data?.admin) {
    return (
      <div className="mx-auto max-w-3xl">
        <h1 className="text-2xl font-bold text-slate-900">
          <Trans>Administration</Trans>
        </h1>
        <p className="mt-4 text-slate-700">
          <Trans>
            Only an administrator of this server may open this page. Administrators are named by the server's
            ADMIN_EMAILS setting and sign in with a verified address.
          </Trans>
        </p>
      </div>
    );
  }
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <h1 className="text-2xl font-bold text-slate-900">
        <Trans>Administration</Trans>
      </h1>
      <section aria-labelledby="admin-signups-title" className={`${cardClass} flex flex-col gap-4`}>
        <h2 id="admin-signups-title" className={sectionTitle}>
          <Trans>Sign-ups</Trans>
        </h2>
        <SignupPolicyForm />
        <h3 className="text-lg font-semibold text-slate-900">
          <Trans>Invite someone</Trans>
        </h3>
        <InviteForm />
      </section>
      <section aria-labelledby="admin-accounts-title" className="flex flex-col gap-3">
        <h2 id="admin-accounts-title" className={sectionTitle}>
          <Trans>Accounts</Trans>
        </h2>
        <AccountsList />
      </section>
      <section aria-labelledby="admin-actions-title" className={`${cardClass} flex flex-col gap-3`}>
        <h2 id="admin-actions-title" className={sectionTitle}>
          <Trans>What administrators did</Trans>
        </h2>
        <AdminActionsList />
      </section>
    </div>
  );
}
