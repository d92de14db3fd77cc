import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Menu as MenuIcon, Pill, X } from 'lucide-react';
import { Suspense } from 'react';
import { useAuth } from '../../features/auth/auth.context';
import { lazyNamed } from '../../lib/lazy-named';
import { useNavigation } from '../../lib/navigation';
import { buttonClass } from '../../shared/ui/button.styles';
import { usePhoneMenu } from './use-phone-menu.hook';

// Labels as message descriptors, translated where they are shown (a module-level `t` would stay in one language).
const LINKS = [
  { to: '/', label: msg({ message: 'Home', comment: 'Main navigation: the dashboard' }) },
  {
    to: '/medication',
    label: msg({ message: 'Medications', comment: 'Main navigation: the list of medicines' }),
  },
  // The medicine cabinet (issue 58, decision 345): its screen is its own chunk, only the link is here.
  {
    to: '/cabinet',
    label: msg({ message: 'Cabinet', comment: 'Main navigation: the medicine cabinet (the packs on hand)' }),
  },
  { to: '/journal', label: msg({ message: 'Journal', comment: 'Main navigation: the health journal' }) },
  { to: '/reports', label: msg({ message: 'Reports', comment: 'Main navigation: the reports screen' }) },
  {
    to: '/care',
    label: msg({ message: 'Care', comment: 'Main navigation: the care circle (caregivers and patients)' }),
  },
] as const;

const linkClass =
  'inline-flex min-h-11 items-center rounded-lg px-3 font-medium text-slate-700 hover:bg-slate-100 data-[status=active]:bg-brand-50 data-[status=active]:text-brand-800';

// Headless UI's menu and the bell are signed-in only: they are not part of the signed-out first load.
const AccountControls = lazyNamed(() => import('./account-controls.component'), 'AccountControls');

/** Holds the place of the bell and the avatar while their chunk loads, so nothing moves. */
function AccountControlsPlaceholder() {
  return (
    <>
      <span className="size-11" />
      <span className="size-11 rounded-full bg-brand-700" />
    </>
  );
}

/**
 * Spec: sticky; links collapse into a menu on small screens; bell and avatar menu, or a Login button.
 * The bar shows its six links from 1024 px (`lg`): below that they and the name overlapped
 * (decision 345).
 */
export function TopNav() {
  const { t } = useLingui();
  const { user, loading } = useAuth();
  // The router's links in the full app, plain ones in the signed-out first paint (decision 051).
  const { Link } = useNavigation();
  // A plain disclosure (button + panel): the small-screen menu needs no library. The panel follows
  // its button in the page's order (Tab goes from the button into the menu), drawn below the bar.
  const menu = usePhoneMenu();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav
        aria-label={t({ message: 'Main', comment: 'Accessible name of the main navigation' })}
        className="mx-auto flex max-w-7xl items-center gap-2 px-3 py-2 sm:px-6"
      >
        <button
          ref={menu.button}
          type="button"
          className={`${buttonClass.icon} lg:hidden`}
          aria-label={t`Open menu`}
          aria-expanded={menu.open}
          aria-controls={menu.open ? 'main-menu' : undefined}
          onClick={menu.toggle}
        >
          {menu.open ? <X aria-hidden="true" /> : <MenuIcon aria-hidden="true" />}
        </button>
        {menu.open ? (
          <div
            ref={menu.panel}
            id="main-menu"
            className="absolute inset-x-0 top-full border-y border-slate-200 bg-white px-3 pb-3 shadow-lg lg:hidden"
          >
            <ul className="flex flex-col gap-1 pt-2">
              {LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={`${linkClass} w-full`} exact onClick={menu.close}>
                    {t(link.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <Link
          to="/"
          className="me-2 flex min-h-11 min-w-0 items-center gap-2 text-base leading-tight font-bold text-brand-800 sm:me-4 sm:text-lg"
        >
          <Pill aria-hidden="true" className="size-6 shrink-0" />
          <Trans>Medicine Reminder</Trans>
        </Link>
        <ul className="hidden items-center gap-1 lg:flex">
          {LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className={linkClass} exact>
                {t(link.label)}
              </Link>
            </li>
          ))}
        </ul>
        <div className="ms-auto flex shrink-0 items-center gap-1">
          {user && loading ? (
            // The bell's first call waits for the access token, like every other signed-in call.
            <AccountControlsPlaceholder />
          ) : user ? (
            <Suspense fallback={<AccountControlsPlaceholder />}>
              <AccountControls name={user.name} />
            </Suspense>
          ) : (
            <Link to="/login" className={buttonClass.primary}>
              <Trans>Login</Trans>
            </Link>
          )}
        </div>
      </nav>
    </header>
  );
}
