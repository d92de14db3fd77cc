import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { usePageTitle } from '../../lib/page-title.hook';
import { cardClass } from '../../shared/ui/button.styles';
import { Spinner } from '../../shared/ui/spinner.component';
import { PackList } from './components/pack-list.component';
import { useCabinet } from './packs.queries';

/**
 * The medicine cabinet (issue 58, decision 324): every pack on hand with its expiry, what is expired,
 * and which medicine runs out first.
 */
export function CabinetScreen() {
  usePageTitle('Medicine cabinet', 'Every pack on hand with its expiry, and what runs out first.');
  const cabinet = useCabinet();
  const packsId = useId();
  const runsOutId = useId();
  if (!cabinet.data) return <Spinner label="Loading the cabinet..." />;
  const { packs, medicines, expiredCount } = cabinet.data;
  const first = medicines.find((m) => m.runsOutOn !== null);
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold text-slate-900">Medicine cabinet</h1>
      {expiredCount > 0 && (
        <p role="status" className="rounded-lg bg-red-100 p-3 font-medium text-red-800">
          {expiredCount === 1 ? '1 pack is expired' : `${expiredCount} packs are expired`}: do not take them;
          mark them used up once thrown away.
        </p>
      )}
      <section className={cardClass} aria-labelledby={runsOutId}>
        <h2 id={runsOutId} className="mb-2 text-xl font-semibold text-slate-900">
          What runs out first
        </h2>
        {first ? (
          <p className="mb-3 text-slate-800">
            <span className="font-semibold">{first.name}</span> runs out first, on {first.runsOutOn} (
            {first.pillsLeft} pills left).
          </p>
        ) : (
          <p className="mb-3 text-slate-700">No medicine is being used up on a schedule.</p>
        )}
        <ol className="flex flex-col gap-1 text-slate-800">
          {medicines.map((m) => (
            <li key={m.id} className="flex flex-wrap justify-between gap-2 border-b border-slate-100 py-1">
              <Link
                to="/update-medicine/$id"
                params={{ id: m.id }}
                className="font-medium text-brand-800 underline"
              >
                {m.name}
              </Link>
              <span>
                {m.pillsLeft} pills · {m.runsOutOn ? `runs out ${m.runsOutOn}` : 'as needed'}
                {m.nextExpiry ? ` · first expiry ${m.nextExpiry}` : ''}
              </span>
            </li>
          ))}
        </ol>
      </section>
      <section className={cardClass} aria-labelledby={packsId}>
        <h2 id={packsId} className="mb-2 text-xl font-semibold text-slate-900">
          Packs on hand
        </h2>
        {packs.length === 0 ? (
          <p className="text-slate-700">No pack recorded. Add one from a medicine’s page.</p>
        ) : (
          <PackList packs={packs} label="Packs on hand, first-expiring first" />
        )}
      </section>
    </div>
  );
}
