import { Plural, Select, Trans } from '@lingui/react/macro';
import { durationBand, type DurationBand } from '@medrem/domain';
import { CircleAlert, CircleCheck, TriangleAlert, type LucideIcon } from 'lucide-react';

/** Spec colour bands on daysLeft: ≤3 red, 4–7 yellow, >7 green; the icon follows the band. Colours pass AA. */
const BAND_STYLE: Record<DurationBand, { className: string; Icon: LucideIcon }> = {
  red: { className: 'bg-red-50 text-red-800 ring-red-200', Icon: CircleAlert },
  yellow: { className: 'bg-amber-50 text-amber-900 ring-amber-200', Icon: TriangleAlert },
  green: { className: 'bg-green-50 text-green-800 ring-green-200', Icon: CircleCheck },
};

export function DurationBadge({ daysLeft }: { daysLeft: number }) {
  const band = durationBand(daysLeft);
  const { className, Icon } = BAND_STYLE[band];
  return (
    <span
      data-band={band}
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-sm font-medium ring-1 ${className}`}
    >
      <Icon aria-hidden="true" className="size-4" />
      {/* The supply's days left, and (for screen readers) its band: low, running low, enough. */}
      <Trans comment="A medicine's supply: days left, then (read aloud only) whether that is low">
        <Plural value={daysLeft} one={`${daysLeft} day`} other={`${daysLeft} days`} /> left
        <span className="sr-only">
          {' '}
          (<Select value={band} _red="low" _yellow="running low" other="enough" />)
        </span>
      </Trans>
    </span>
  );
}
