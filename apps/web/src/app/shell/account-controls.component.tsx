import { Trans, useLingui } from '@lingui/react/macro';
import { avatarInitial } from '@medrem/domain';
import { Link } from '@tanstack/react-router';
import { NotificationBell } from '../../features/notifications/components/notification-bell.component';
import { trpc } from '../../lib/trpc';
import { MenuButton } from '../../shared/ui/menu-button.component';

const itemClass =
  'flex min-h-11 items-center rounded-lg px-3 outline-none hover:bg-slate-100 focus-visible:bg-slate-100';

/**
 * The signed-in user's corner of the top bar: the bell and the avatar menu (Settings, Logout, and
 * Administration for an administrator of this server, issue 57).
 */
export function AccountControls({ name }: { name: string }) {
  const { t } = useLingui();
  // Asked once per sign-in: whether this account administers the server does not change by itself.
  const roles = trpc.signups.roles.useQuery(undefined, { staleTime: Infinity });
  return (
    <>
      <NotificationBell />
      <MenuButton
        label={t`Account menu for ${name}`}
        buttonClassName="inline-flex size-11 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white"
        buttonContent={avatarInitial(name)}
        menuClassName="absolute end-0 top-full z-50 mt-2 w-56 rounded-xl border border-slate-200 bg-white p-1 shadow-xl"
        items={(item) => [
          <Link key="settings" to="/settings" className={itemClass} {...item}>
            <Trans>Profile &amp; Settings</Trans>
          </Link>,
          ...(roles.data?.admin
            ? [
                <Link key="admin" to="/admin" className={itemClass} {...item}>
                  <Trans>Administration</Trans>
                </Link>,
              ]
            : []),
          <Link key="logout" to="/logout" className={itemClass} {...item}>
            <Trans>Logout</Trans>
          </Link>,
        ]}
      />
    </>
  );
}
