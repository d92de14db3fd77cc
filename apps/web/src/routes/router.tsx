import { useLingui } from '@lingui/react/macro';
import type { QueryUtils } from '../lib/trpc';
import {
  Outlet,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
} from '@tanstack/react-router';
import { AppShell } from '../app/shell/app-shell.component';
import { RequireAuth } from '../features/auth/components/require-auth.component';
import { prefetchDashboardAtStart } from '../features/dashboard/dashboard.prefetch';
import { parseSettingsTab, type SettingsTabKey } from '../features/settings/settings-tabs';
import { RouteError } from './route-error.component';
import { Spinner } from '../shared/ui/spinner.component';

export interface RouterContext {
  /** Lets loaders fill the same query cache the hooks read (e.g. the medicine of /update-medicine). */
  api: QueryUtils;
}

// Every screen is its own chunk (lazyRouteComponent): the JS is split by route. The service worker
// caches them all while online, without running them (app/warm-offline-cache.ts).

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: AppShell,
  errorComponent: RouteError,
});

const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  // Decision 059: a signed-in start asks for the dashboard's answers here, as soon as its token is
  // there, not once the app has rendered. Not awaited: the screen renders meanwhile.
  loader: ({ context }) => void prefetchDashboardAtStart(context.api),
  component: lazyRouteComponent(() => import('../features/dashboard/home.screen'), 'HomeScreen'),
});

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  component: lazyRouteComponent(() => import('../features/auth/login.screen'), 'LoginScreen'),
});

const registerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/register',
  // `invite`: the token of a mailed invitation to register (issue 57, decision 283).
  validateSearch: (search: Record<string, unknown>): { redirect?: string; invite?: string } => ({
    ...(typeof search.redirect === 'string' ? { redirect: search.redirect } : {}),
    ...(typeof search.invite === 'string' ? { invite: search.invite } : {}),
  }),
  component: lazyRouteComponent(() => import('../features/auth/register.screen'), 'RegisterScreen'),
});

/** "Forgot password?": the address to mail a reset link to (issue 52). */
const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/forgot-password',
  component: lazyRouteComponent(
    () => import('../features/auth/forgot-password.screen'),
    'ForgotPasswordScreen',
  ),
});

/** The mailed reset link: checked first, then the new password (decision 204). */
const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password',
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' ? { token: search.token } : {},
  component: lazyRouteComponent(
    () => import('../features/auth/reset-password.screen'),
    'ResetPasswordScreen',
  ),
});

const logoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/logout',
  component: lazyRouteComponent(() => import('../features/auth/logout.screen'), 'LogoutScreen'),
});

const tokenSearch = (search: Record<string, unknown>): { token?: string } =>
  typeof search.token === 'string' ? { token: search.token } : {};

/** A mailed verification link: works signed in or not (decision 208). */
const verifyEmailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/verify-email',
  validateSearch: tokenSearch,
  component: lazyRouteComponent(() => import('../features/account/verify-email.screen'), 'VerifyEmailScreen'),
});

/** The link mailed to a new address: works signed in or not (decision 211). */
const confirmEmailChangeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/confirm-email-change',
  validateSearch: tokenSearch,
  component: lazyRouteComponent(
    () => import('../features/account/confirm-email-change.screen'),
    'ConfirmEmailChangeScreen',
  ),
});

/** A reminder's link: its token is the proof, so it works without a sign-in (decision 241). */
const doseRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/dose',
  validateSearch: tokenSearch,
  component: lazyRouteComponent(() => import('../features/dose-page/dose-page.screen'), 'DosePageScreen'),
});

/** Spec route guard for the signed-in-only screens. */
const authedRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: '_authed',
  component: () => (
    <RequireAuth>
      <Outlet />
    </RequireAuth>
  ),
});

const medicationRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/medication',
  component: lazyRouteComponent(
    () => import('../features/medicines/medications.screen'),
    'MedicationsScreen',
  ),
});

const reportsRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/reports',
  component: lazyRouteComponent(() => import('../features/reports/reports.screen'), 'ReportsScreen'),
});

/** The health journal (issue 56): entries first; its charts are a chunk of their own (decision 305). */
const journalRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/journal',
  component: lazyRouteComponent(() => import('../features/journal/journal.screen'), 'JournalScreen'),
});

/** The medicine cabinet (issue 58): every pack on hand, what is expired, what runs out first. */
const cabinetRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/cabinet',
  component: lazyRouteComponent(() => import('../features/packs/cabinet.screen'), 'CabinetScreen'),
});

const careRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/care',
  component: lazyRouteComponent(() => import('../features/care/care.screen'), 'CareScreen'),
});

/** An invitation link: signed out, the guard sends to /login?redirect= with the token kept. */
const careAcceptRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/care/accept',
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' ? { token: search.token } : {},
  component: lazyRouteComponent(
    () => import('../features/care/accept-invitation.screen'),
    'AcceptInvitationScreen',
  ),
});

const addMedicineRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/add-medicine',
  component: lazyRouteComponent(
    () => import('../features/medicines/add-medicine.screen'),
    'AddMedicineScreen',
  ),
});

const settingsRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/settings',
  validateSearch: (search: Record<string, unknown>): { tab?: SettingsTabKey } =>
    search.tab === undefined ? {} : { tab: parseSettingsTab(search.tab) },
  component: lazyRouteComponent(() => import('../features/settings/settings.screen'), 'SettingsScreen'),
});

/** The operator's screen (issue 57): its own chunk, linked from the account menu only for admins. */
const adminRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/admin',
  component: lazyRouteComponent(() => import('../features/admin/admin.screen'), 'AdminScreen'),
});

/** Shown while /update-medicine/$id loads its medicine. */
function MedicineLoading() {
  const { t } = useLingui();
  return <Spinner label={t`Loading medicine...`} />;
}

/** Spec: no guard; the medicine is loaded before the screen shows. */
const updateMedicineRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/update-medicine/$id',
  loader: ({ context, params }) => context.api.medicine.get.ensureData({ id: params.id }),
  pendingComponent: MedicineLoading,
  errorComponent: RouteError,
  component: lazyRouteComponent(
    () => import('../features/medicines/update-medicine.screen'),
    'UpdateMedicineScreen',
  ),
});

const routeTree = rootRoute.addChildren([
  homeRoute,
  loginRoute,
  registerRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  logoutRoute,
  verifyEmailRoute,
  confirmEmailChangeRoute,
  doseRoute,
  updateMedicineRoute,
  authedRoute.addChildren([
    medicationRoute,
    reportsRoute,
    journalRoute,
    cabinetRoute,
    careRoute,
    careAcceptRoute,
    addMedicineRoute,
    settingsRoute,
    adminRoute,
  ]),
]);

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    // Loader data lives in React Query; the router must not cache a second copy.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
