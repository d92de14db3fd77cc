import type { Pack } from '@medrem/contract';
import { expiryText, expiryTone, packIdentity } from '../pack-text';

/** Packs as a list of cards, one line each at 1280 px, stacked at 390 px; `actions` per pack. */
export function PackList(props: {
  packs: readonly (Pack & { medicineName?: string })[];
  label: string;
  actions?: (pack: Pack) => React.ReactNode;
}) {
  return (
    <ul aria-label={props.label} className="flex flex-col gap-2">
      {props.packs.map((pack) => (
        <li
          key={pack.id}
          className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3 sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="flex flex-col gap-1">
            <p className="font-medium text-slate-900">
              {pack.medicineName ? `${pack.medicineName}: ` : ''}
              {pack.state === 'used-up'
                ? `Used up (held ${pack.pills})`
                : `${pack.pillsLeft} of ${pack.pills} left`}
            </p>
            {packIdentity(pack) && <p className="text-sm text-slate-700">{packIdentity(pack)}</p>}
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {pack.state !== 'used-up' && (
              <span className={`rounded-full px-3 py-1 text-sm font-medium ${expiryTone(pack)}`}>
                {expiryText(pack)}
              </span>
            )}
            {props.actions?.(pack)}
          </div>
        </li>
      ))}
    </ul>
  );
}
