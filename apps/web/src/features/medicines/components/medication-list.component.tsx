import { Link } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { messageOf } from '../../../lib/api-error';
import { useMediaQuery, WIDE_SCREEN_QUERY } from '../../../lib/use-media-query.hook';
import { buttonClass, cardClass } from '../../../shared/ui/button.styles';
import { Spinner } from '../../../shared/ui/spinner.component';
import { useMedicines } from '../medicines.queries';
import { useDeleteMedicine } from '../use-delete-medicine.hook';
import { MedicationCards } from './medication-cards.component';
import { MedicationTable } from './medication-table.component';

export const EMPTY_MEDICINES_TEXT =
  "You have no medicines to take now. Just one step now, add your meds, and you'll never miss a dose again.";

/** Spec: a table on wide screens, cards on narrow ones (only one is rendered), with the empty state. */
export function MedicationList({ title = 'Medications' }: { title?: string }) {
  const medicines = useMedicines();
  const wide = useMediaQuery(WIDE_SCREEN_QUERY);
  const { remove, deletingId } = useDeleteMedicine();
  const List = wide ? MedicationTable : MedicationCards;

  return (
    <section className={cardClass} aria-labelledby="medication-list-title">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="medication-list-title" className="text-xl font-semibold text-slate-900">
          {title}
        </h2>
        <Link to="/add-medicine" className={buttonClass.primary}>
          <Plus aria-hidden="true" className="size-5" />
          Add Medication
        </Link>
      </div>
      {medicines.isPending ? (
        <Spinner label="Loading medications..." />
      ) : medicines.isError ? (
        <p role="alert" className="text-red-700">
          {messageOf(medicines.error) ?? 'Something went wrong. Please try again later.'}
        </p>
      ) : medicines.data.length === 0 ? (
        <p className="rounded-lg bg-brand-50 p-4 text-slate-800">{EMPTY_MEDICINES_TEXT}</p>
      ) : (
        <List medicines={medicines.data} onDelete={(m) => void remove(m)} deletingId={deletingId} />
      )}
    </section>
  );
}
