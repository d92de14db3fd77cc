import { durationBand, type DurationBand } from '@medrem/domain';
import { daysText } from '../medicine-display';
import { CircleAlert, CircleCheck, TriangleAlert, type LucideIcon } from 'lucide-react';

/** Spec colour bands on daysLeft: ≤3 red, 4–7 yellow, >7 green; the icon follows the band. Colours pass AA. */
const BAND_STYLE: Record<DurationBand, { className: string; Icon: LucideIcon; label: string }> = {
  red: { className: 'bg-red-50 text-red-800 ring-red-200', Icon: CircleAlert, label: 'low' },
  yellow: {
    className: 'bg-amber-50 text-amber-900 ring-amber-200',
    Icon: TriangleAlert,
    label: 'running low',
  },
  green: { className: 'bg-green-50 text-green-800 ring-green-200', Icon: CircleCheck, label: 'enough' },
};

export function DurationBadge({ daysLeft }: { daysLeft: number }) {
  const band = durationBand(daysLeft);
  const { className, Icon, label } = BAND_STYLE[band];
  return (
    <span
      data-band={band}
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-sm font-medium ring-1 ${className}`}
    >
      <Icon aria-hidden="true" className="size-4" />
      {daysText(daysLeft)} left
      <span className="sr-only"> ({label})</span>
    </span>
  );
}
