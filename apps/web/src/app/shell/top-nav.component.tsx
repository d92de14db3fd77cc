import {
  Disclosure,
  DisclosureButton,
  DisclosurePanel,
  Menu,
  MenuButton,
  MenuItem,
  MenuItems,
} from '@headlessui/react';
import { avatarInitial } from '@medrem/domain';
import { Link } from '@tanstack/react-router';
import { Menu as MenuIcon, Pill, X } from 'lucide-react';
import { useAuth } from '../../features/auth/auth.context';
import { NotificationBell } from '../../features/notifications/components/notification-bell.component';
import { buttonClass } from '../../shared/ui/button.styles';

const LINKS = [
  { to: '/', label: 'Home' },
  { to: '/medication', label: 'Medications' },
  { to: '/reports', label: 'Reports' },
] as const;

const linkClass =
  'inline-flex min-h-11 items-center rounded-lg px-3 font-medium text-slate-700 hover:bg-slate-100 data-[status=active]:bg-brand-50 data-[status=active]:text-brand-800';

/** Spec: sticky; links collapse into a menu on small screens; bell and avatar menu, or a Login button. */
export function TopNav() {
  const { user, loading } = useAuth();
  return (
    <Disclosure as="header" className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex max-w-7xl items-center gap-2 px-3 py-2 sm:px-6">
        <DisclosureButton className={`${buttonClass.icon} md:hidden`} aria-label="Open menu">
          {({ open }) => (open ? <X aria-hidden="true" /> : <MenuIcon aria-hidden="true" />)}
        </DisclosureButton>
        <Link
          to="/"
          className="mr-2 flex min-h-11 min-w-0 items-center gap-2 text-base leading-tight font-bold text-brand-800 sm:mr-4 sm:text-lg"
        >
          <Pill aria-hidden="true" className="size-6 shrink-0" />
          Medicine Reminder
        </Link>
        <ul className="hidden items-center gap-1 md:flex">
          {LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className={linkClass} activeOptions={{ exact: true }}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
        <div className="ml-auto flex shrink-0 items-center gap-1">
          {user ? (
            <>
              {/* After the token request (like the time-zone prompt): a page opened with a session
                  but no token yet, as after an OpenID Connect sign-in, would answer 401 first. */}
              {loading ? null : <NotificationBell />}
              <Menu as="div" className="relative">
                <MenuButton
                  className="inline-flex size-11 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white"
                  aria-label={`Account menu for ${user.name}`}
                >
                  {avatarInitial(user.name)}
                </MenuButton>
                <MenuItems
                  anchor={{ to: 'bottom end', gap: 8 }}
                  className="z-50 w-56 rounded-xl border border-slate-200 bg-white p-1 shadow-xl"
                >
                  <MenuItem>
                    <Link
                      to="/settings"
                      className="flex min-h-11 items-center rounded-lg px-3 data-focus:bg-slate-100"
                    >
                      Profile &amp; Settings
                    </Link>
                  </MenuItem>
                  <MenuItem>
                    <Link
                      to="/logout"
                      className="flex min-h-11 items-center rounded-lg px-3 data-focus:bg-slate-100"
                    >
                      Logout
                    </Link>
                  </MenuItem>
                </MenuItems>
              </Menu>
            </>
          ) : (
            <Link to="/login" className={buttonClass.primary}>
              Login
            </Link>
          )}
        </div>
      </nav>
      <DisclosurePanel className="border-t border-slate-200 px-3 pb-3 md:hidden">
        {({ close }) => (
          <ul className="flex flex-col gap-1 pt-2">
            {LINKS.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className={`${linkClass} w-full`}
                  activeOptions={{ exact: true }}
                  onClick={() => close()}
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </DisclosurePanel>
    </Disclosure>
  );
}
