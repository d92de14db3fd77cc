import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { usePageTitle } from '../../lib/page-title.hook';
import { buttonClass } from '../../shared/ui/button.styles';
import { MedicationList } from './components/medication-list.component';

export function MedicationsScreen() {
  const { t } = useLingui();
  usePageTitle(t`Medications`, t`All your medicines with their doses, times and supply.`);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold text-slate-900">
          <Trans>Medications</Trans>
        </h1>
        {/* Issue 58: the packs on hand and their expiry, across medicines. */}
        <Link to="/cabinet" className={buttonClass.secondary}>
          <Trans>Medicine cabinet</Trans>
        </Link>
      </div>
      <MedicationList title={t`Your medicines`} />
    </div>
  );
}
