import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { messageOf } from '../../../lib/api-error';
import { useMediaQuery, WIDE_SCREEN_QUERY } from '../../../lib/use-media-query.hook';
import { buttonClass, cardClass } from '../../../shared/ui/button.styles';
import { Spinner } from '../../../shared/ui/spinner.component';
import { isStoppedOn, zonedNow } from '@medrem/domain';
import { serverClock } from '../../../lib/server-clock';
import { useSettings } from '../../settings/settings.queries';
import { useMedicines } from '../medicines.queries';
import { useDeleteMedicine } from '../use-delete-medicine.hook';
import { MedicationCards } from './medication-cards.component';
import { MedicationTable } from './medication-table.component';

export const EMPTY_MEDICINES_TEXT = msg`You have no medicines to take now. Just one step now, add your meds, and you'll never miss a dose again.`;

/** Today in the saved zone, once the settings are known. */
function useToday(): string | null {
  const { settings } = useSettings();
  return settings ? zonedNow(serverClock.now(), settings.timezone).date : null;
}

/** Spec: a table on wide screens, cards on narrow ones (only one is rendered), with the empty state. */
export function MedicationList({ title }: { title?: string }) {
  const { t } = useLingui();
  const medicines = useMedicines();
  const wide = useMediaQuery(WIDE_SCREEN_QUERY);
  const { remove, deletingId } = useDeleteMedicine();
  const List = wide ? MedicationTable : MedicationCards;
  const today = useToday();
  const all = medicines.data ?? [];
  const stopped = all.filter((m) => today !== null && isStoppedOn(m, today));
  const taken = all.filter((m) => !stopped.includes(m));

  return (
    <section className={cardClass} aria-labelledby="medication-list-title">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="medication-list-title" className="text-xl font-semibold text-slate-900">
          {title ?? t`Medications`}
        </h2>
        <Link to="/add-medicine" className={buttonClass.primary}>
          <Plus aria-hidden="true" className="size-5" />
          <Trans>Add Medication</Trans>
        </Link>
      </div>
      {medicines.isPending ? (
        <Spinner label={t`Loading medications...`} />
      ) : medicines.isError ? (
        <p role="alert" className="text-red-700">
          {messageOf(medicines.error) ?? t`Something went wrong. Please try again later.`}
        </p>
      ) : medicines.data.length === 0 ? (
        <p className="rounded-lg bg-brand-50 p-4 text-slate-800">{t(EMPTY_MEDICINES_TEXT)}</p>
      ) : (
        <>
          <List medicines={taken} onDelete={(m) => void remove(m)} deletingId={deletingId} />
          {stopped.length > 0 && (
            // Decision 313: stopped, not deleted; listed apart with their history kept.
            <>
              <h3 className="mt-6 mb-3 text-lg font-semibold text-slate-900">
                <Trans comment="Heading: the medicines the user has stopped taking">Stopped</Trans>
              </h3>
              <List medicines={stopped} onDelete={(m) => void remove(m)} deletingId={deletingId} />
            </>
          )}
        </>
      )}
    </section>
  );
}
