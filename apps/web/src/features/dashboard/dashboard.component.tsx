import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { Suspense } from 'react';
import { lazyNamed } from '../../lib/lazy-named';
import { browserTimeZone } from '../../lib/browser-time-zone';
import { useZonedNow } from '../../lib/use-zoned-now.hook';
import { Spinner } from '../../shared/ui/spinner.component';
import { useSignedInUser } from '../auth/auth.context';
import { MedicationList } from '../medicines/components/medication-list.component';
import { useMedicines } from '../medicines/medicines.queries';
import { RefillRemindersPanel } from '../refills/components/refill-reminders-panel.component';
import { useRefillReminders } from '../refills/refills.queries';
import { ReportsPanel } from '../reports/components/reports-panel.component';
import { useSettings } from '../settings/settings.queries';
import { useAllFeaturesThisVisit } from '../simple-mode/simple-mode-visit';
import { DoseSlots } from './components/dose-slots.component';
import { Greeting } from './components/greeting.component';

/**
 * The simple screen (issue 54) is a chunk of its own: the signed-in start's chunk stays the
 * dashboard's, and the offline start's precache within its budget; it is cached with every chunk
 * once the app is idle online (decision 054).
 */
const SimpleScreen = lazyNamed(() => import('../simple-mode/simple-screen.component'), 'SimpleScreen');
/**
 * The offer of the simple screen, or the way back to it: fetched only for an account that has not
 * chosen or has it on, so the offline start does not carry it for everyone else.
 */
const SimpleModeNotice = lazyNamed(
  () => import('../simple-mode/components/simple-mode-choice.component'),
  'SimpleModeNotice',
);

/**
 * The signed-in home: greeting, today's dose slots, medicines, refills and the month's report; or,
 * with the simple screen on (issue 54), that screen, unless all features were asked for this visit.
 */
export function Dashboard() {
  const { t } = useLingui();
  const user = useSignedInUser();
  const { settings } = useSettings();
  const now = useZonedNow(settings?.timezone ?? browserTimeZone());
  // The answers that size the sections (the same queries the sections read) arrive before the first
  // paint, so no section grows and pushes the others down as they come in (no layout shift).
  const medicines = useMedicines();
  const refills = useRefillReminders();
  const [allFeatures, showAllFeatures] = useAllFeaturesThisVisit(user.email);
  const loading = <Spinner label={t`Loading your dashboard...`} />;
  if (!settings || medicines.isPending || refills.isPending) return loading;
  // The simple screen's chunk, or the notice's, is fetched before the first paint: nothing is
  // pushed down later.
  const dashboard = (
    <div className="flex flex-col gap-6 pb-20 md:pb-0">
      <Greeting name={user.name} now={now} />
      {settings.simpleMode === false ? null : (
        <SimpleModeNotice onBackToSimpleScreen={() => showAllFeatures(false)} />
      )}
      <DoseSlots settings={settings} now={now} />
      <MedicationList />
      <div className="grid gap-6 lg:grid-cols-2">
        <RefillRemindersPanel />
        <ReportsPanel settings={settings} now={now} />
      </div>
      <Link
        to="/add-medicine"
        aria-label={t`Add Medication`}
        className="fixed end-5 bottom-5 z-30 inline-flex size-16 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg hover:bg-brand-800 md:hidden"
      >
        <Plus aria-hidden="true" className="size-8" />
      </Link>
    </div>
  );
  return (
    <Suspense fallback={loading}>
      {settings.simpleMode === true && !allFeatures ? (
        // Offline before the simple screen's chunk was ever cached: the dashboard, never an empty home.
        <SimpleScreen
          settings={settings}
          now={now}
          onShowAllFeatures={() => showAllFeatures(true)}
          unavailable={dashboard}
        />
      ) : (
        dashboard
      )}
    </Suspense>
  );
}
