import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { usePageTitle } from '../../lib/page-title.hook';
import { notify } from '../../lib/toast';
import { alertDialog } from '../../shared/dialogs/dialog.store';
import { Spinner } from '../../shared/ui/spinner.component';
import { useAuth } from './auth.context';

// Said when the sign-out has ended (translated then: the effect runs once).
const LOGGED_OUT = msg`You have been logged out successfully.`;
const LOGOUT_TITLE = msg`Logout`;
const LOGOUT_FAILED = msg`Unsuccessfull attempt!`;

/** /logout: ends the session, then goes to /. */
export function LogoutScreen() {
  const { t } = useLingui();
  usePageTitle(t`Logout`, t`Signing you out.`);
  const { logout } = useAuth();
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return; // StrictMode runs effects twice in development
    started.current = true;
    void (async () => {
      try {
        await logout();
        notify.success(i18n._(LOGGED_OUT));
      } catch (error) {
        console.error('Logout failed', error);
        await alertDialog({ title: i18n._(LOGOUT_TITLE), message: i18n._(LOGOUT_FAILED) });
      }
      await navigate({ to: '/', replace: true });
    })();
  }, [logout, navigate]);
  return <Spinner label={t`Logging out...`} />;
}
