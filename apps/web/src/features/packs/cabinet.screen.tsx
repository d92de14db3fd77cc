import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  usePageTitle(t`Medicine cabinet`, t`Every pack on hand with its expiry, and what runs out first.`);
  const cabinet = useCabinet();
  const packsId = useId();
  const runsOutId = useId();
  if (!cabinet.data) return <Spinner label={t`Loading the cabinet...`} />;
  const { packs, medicines, expiredCount } = cabinet.data;
  const first = medicines.find((m) => m.runsOutOn !== null);
  /** '30 pills · runs out 2026-05-01 · first expiry 2026-09-30'; 'as needed' without a schedule that uses it up. */
  const medicineLine = ({ pillsLeft, runsOutOn, nextExpiry }: (typeof medicines)[number]): string => {
    if (runsOutOn)
      return nextExpiry
        ? t`${pillsLeft} pills · runs out ${runsOutOn} · first expiry ${nextExpiry}`
        : t`${pillsLeft} pills · runs out ${runsOutOn}`;
    return nextExpiry
      ? t`${pillsLeft} pills · as needed · first expiry ${nextExpiry}`
      : t`${pillsLeft} pills · as needed`;
  };
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold text-slate-900">
        <Trans>Medicine cabinet</Trans>
      </h1>
      {expiredCount > 0 && (
        <p role="status" className="rounded-lg bg-red-100 p-3 font-medium text-red-800">
          {t`${plural(expiredCount, {
            one: `${expiredCount} pack is expired`,
            other: `${expiredCount} packs are expired`,
          })}: do not take them; mark them used up once thrown away.`}
        </p>
      )}
      <section className={cardClass} aria-labelledby={runsOutId}>
        <h2 id={runsOutId} className="mb-2 text-xl font-semibold text-slate-900">
          <Trans>What runs out first</Trans>
        </h2>
        {first ? (
          <p className="mb-3 text-slate-800">
            <FirstToRunOut name={first.name} runsOutOn={first.runsOutOn} pillsLeft={first.pillsLeft} />
          </p>
        ) : (
          <p className="mb-3 text-slate-700">
            <Trans>No medicine is being used up on a schedule.</Trans>
          </p>
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
              <span>{medicineLine(m)}</span>
            </li>
          ))}
        </ol>
      </section>
      <section className={cardClass} aria-labelledby={packsId}>
        <h2 id={packsId} className="mb-2 text-xl font-semibold text-slate-900">
          <Trans>Packs on hand</Trans>
        </h2>
        {packs.length === 0 ? (
          <p className="text-slate-700">
            <Trans>No pack recorded. Add one from a medicine’s page.</Trans>
          </p>
        ) : (
          <PackList packs={packs} label={t`Packs on hand, first-expiring first`} />
        )}
      </section>
    </div>
  );
}

/** "Metformin runs out first, on 2026-05-01 (12 pills left)." */
function FirstToRunOut({
  name,
  runsOutOn,
  pillsLeft,
}: {
  name: string;
  runsOutOn: string | null;
  pillsLeft: number;
}) {
  return (
    <Trans>
      <span className="font-semibold">{name}</span> runs out first, on {runsOutOn} ({pillsLeft} pills left).
    </Trans>
  );
}
