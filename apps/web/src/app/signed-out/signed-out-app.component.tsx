import { t } from '@lingui/core/macro';
import { type MouseEvent, useEffect, useMemo, useRef } from 'react';
import { AuthContext } from '../../features/auth/auth.context';
import { LoginForm } from '../../features/auth/components/login-form.component';
import { useSignInNotice } from '../../features/auth/social/sign-in-notice.hook';
import { type AppLinkProps, type Navigation, NavigationContext, hrefOf } from '../../lib/navigation';
import { onFirstIntent } from '../../lib/on-first-intent';
import { usePageTitle } from '../../lib/page-title.hook';
import { useCatalogVersion } from '../../i18n/lingui-runtime';
import { loadFullApp } from '../full-app';
import { PageFrame } from '../shell/page-frame.component';
import type { SessionAnswer } from '../start-session';
import type { PageAddress } from './page-address';
import { signedOutAuth } from './signed-out-auth';

/** Where the visitor goes next: the full app takes over at `path`, knowing who is signed in. */
export interface Departure {
  path: string;
  replace: boolean;
  session: SessionAnswer;
}

const isActive = (path: string, to: string, exact: boolean | undefined) =>
  exact ? path === to : path === to || path.startsWith(to.endsWith('/') ? to : `${to}/`);

/** The screen's name and description for the document's head, at '/' or '/login'. */
export const signedOutHead = (pathname: string) => ({
  screen: t({ message: 'Login', comment: "The login screen's name, in the document's title" }),
  description:
    pathname === '/login'
      ? t`Log in to Medicine Reminder.`
      : t`Your medicines, today’s doses, refills and monthly report.`,
});

/**
 * The signed-out first paint (decision 051): the login form in the app's frame, with React alone.
 * Also rendered at build time into the HTML of '/' and '/login' (decision 058), so it must render
 * the same there: the address comes in as `at`, and the browser is touched only in effects and
 * handlers.
 * No router, React Query or tRPC client: they come with the full app, fetched when the browser is
 * idle and started when the visitor signs in or follows a link (register, the top bar's links).
 */
export function SignedOutApp({
  at,
  onLeave,
}: {
  at: PageAddress;
  onLeave: (departure: Departure) => Promise<void>;
}) {
  const path = at.pathname;
  const redirect =
    path === '/login' ? (new URLSearchParams(at.search).get('redirect') ?? undefined) : undefined;
  // The head's texts follow the page's language: rendered again when it changes.
  useCatalogVersion();
  const head = signedOutHead(path);
  usePageTitle(head.screen, head.description);
  useSignInNotice(at.search);
  // What the visitor needs next, loaded (its modules evaluated, the app not started) once they act:
  // on idle it blocked every visit's first seconds, used or not (decision 053).
  useEffect(
    () =>
      onFirstIntent(() => {
        void loadFullApp().catch(() => undefined);
        void import('../../features/dashboard/dashboard.component').catch(() => undefined);
      }),
    [],
  );

  const signedInUser = useRef<SessionAnswer['user']>(null);
  const auth = useMemo(() => signedOutAuth((user) => (signedInUser.current = user)), []);
  const navigation = useMemo<Navigation>(() => {
    function PlainLink({ to, search, className, children, onClick, exact }: AppLinkProps) {
      const active = isActive(path, to, exact);
      const follow = (event: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(event);
        // A new tab or window: the browser's own; here: the full app, without a page load.
        if (
          event.defaultPrevented ||
          event.button !== 0 ||
          event.metaKey ||
          event.ctrlKey ||
          event.shiftKey ||
          event.altKey
        )
          return;
        event.preventDefault();
        void onLeave({ path: hrefOf(to, search), replace: false, session: { user: signedInUser.current } });
      };
      return (
        <a
          href={hrefOf(to, search)}
          className={className}
          onClick={follow}
          data-status={active ? 'active' : undefined}
          aria-current={active ? 'page' : undefined}
        >
          {children}
        </a>
      );
    }
    return {
      Link: PlainLink,
      replaceWith: (to) => onLeave({ path: to, replace: true, session: { user: signedInUser.current } }),
    };
  }, [onLeave, path]);

  return (
    <AuthContext.Provider value={auth}>
      <NavigationContext.Provider value={navigation}>
        <PageFrame offlineDataTime={null}>
          <LoginForm redirect={redirect} />
        </PageFrame>
      </NavigationContext.Provider>
    </AuthContext.Provider>
  );
}
