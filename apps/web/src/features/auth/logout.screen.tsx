import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { usePageTitle } from '../../lib/page-title.hook';
import { notify } from '../../lib/toast';
import { alertDialog } from '../../shared/dialogs/dialog.store';
import { Spinner } from '../../shared/ui/spinner.component';
import { useAuth } from './auth.context';

/** /logout: ends the session, then goes to /. */
export function LogoutScreen() {
  usePageTitle('Logout', 'Signing you out.');
  const { logout } = useAuth();
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return; // StrictMode runs effects twice in development
    started.current = true;
    void (async () => {
      try {
        await logout();
        notify.success('You have been logged out successfully.');
      } catch (error) {
        console.error('Logout failed', error);
        await alertDialog({ title: 'Logout', message: 'Unsuccessfull attempt!' });
      }
      await navigate({ to: '/', replace: true });
    })();
  }, [logout, navigate]);
  return <Spinner label="Logging out..." />;
}
