import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { avatarInitial } from '@medrem/domain';
import { Link } from '@tanstack/react-router';
import { NotificationBell } from '../../features/notifications/components/notification-bell.component';

const itemClass = 'flex min-h-11 items-center rounded-lg px-3 data-focus:bg-slate-100';

/** The signed-in user's corner of the top bar: the bell and the avatar menu (Settings, Logout). */
export function AccountControls({ name }: { name: string }) {
  return (
    <>
      <NotificationBell />
      <Menu as="div" className="relative">
        <MenuButton
          className="inline-flex size-11 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white"
          aria-label={`Account menu for ${name}`}
        >
          {avatarInitial(name)}
        </MenuButton>
        <MenuItems
          anchor={{ to: 'bottom end', gap: 8 }}
          className="z-50 w-56 rounded-xl border border-slate-200 bg-white p-1 shadow-xl"
        >
          <MenuItem>
            <Link to="/settings" className={itemClass}>
              Profile &amp; Settings
            </Link>
          </MenuItem>
          <MenuItem>
            <Link to="/logout" className={itemClass}>
              Logout
            </Link>
          </MenuItem>
        </MenuItems>
      </Menu>
    </>
  );
}
