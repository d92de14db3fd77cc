import { useLingui } from '@lingui/react/macro';
import { browserTimeZone } from '../../lib/browser-time-zone';
import { usePageTitle } from '../../lib/page-title.hook';
import { useZonedNow } from '../../lib/use-zoned-now.hook';
import { Spinner } from '../../shared/ui/spinner.component';
import { useSettings } from '../settings/settings.queries';
import { DoctorReport } from './components/doctor-report.component';
import { ReportCharts } from './components/report-charts.component';
import { ReportsPanel } from './components/reports-panel.component';

export function ReportsScreen() {
  const { t } = useLingui();
  usePageTitle(t`Reports`, t`Your adherence, missed doses and upcoming refills this month.`);
  const { settings } = useSettings();
  const now = useZonedNow(settings?.timezone ?? browserTimeZone());
  if (!settings) return <Spinner label={t`Loading...`} />;
  return (
    <div className="mx-auto max-w-5xl">
      <ReportsPanel settings={settings} now={now} title={t`Medication Reports`} headingLevel={1} />
      <ReportCharts currentMonth={now.date.slice(0, 7)} />
      <DoctorReport today={now.date} />
    </div>
  );
}
