import { useLingui } from '@lingui/react/macro';
import type { Pack } from '@medrem/contract';
import { expiryText, expiryTone, packIdentity } from '../pack-text';

/** Packs as a list of cards, one line each at 1280 px, stacked at 390 px; `actions` per pack. */
export function PackList(props: {
  packs: readonly (Pack & { medicineName?: string })[];
  label: string;
  actions?: (pack: Pack) => React.ReactNode;
}) {
  const { t } = useLingui();
  /** 'Metformin: 20 of 30 left', 'Used up (held 30)': what is left in the pack, after its medicine in the cabinet. */
  const contents = (pack: Pack & { medicineName?: string }): string => {
    const { medicineName, pills, pillsLeft } = pack;
    if (pack.state === 'used-up')
      return medicineName ? t`${medicineName}: Used up (held ${pills})` : t`Used up (held ${pills})`;
    return medicineName
      ? t`${medicineName}: ${pillsLeft} of ${pills} left`
      : t`${pillsLeft} of ${pills} left`;
  };
  return (
    <ul aria-label={props.label} className="flex flex-col gap-2">
      {props.packs.map((pack) => (
        <li
          key={pack.id}
          className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3 sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="flex flex-col gap-1">
            <p className="font-medium text-slate-900">{contents(pack)}</p>
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
