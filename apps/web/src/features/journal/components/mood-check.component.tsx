import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

export const MOODS = [
  { mood: 1, label: msg({ message: 'Very low', comment: 'A mood, 1 of 5 (how do you feel today?)' }) },
  { mood: 2, label: msg({ message: 'Low', comment: 'A mood, 2 of 5 (how do you feel today?)' }) },
  { mood: 3, label: msg({ message: 'Okay', comment: 'A mood, 3 of 5 (how do you feel today?)' }) },
  { mood: 4, label: msg({ message: 'Good', comment: 'A mood, 4 of 5 (how do you feel today?)' }) },
  { mood: 5, label: msg({ message: 'Very good', comment: 'A mood, 5 of 5 (how do you feel today?)' }) },
] as const;

/**
 * A face whose mouth bends from a frown (1) to a wide smile (5). Drawn here rather than taken from
 * the icon set: an icon only this screen uses would land in the signed-in start's chunk (decision 305).
 */
function Face({ mood }: { mood: number }) {
  const bend = (mood - 3) * 2;
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      className="size-6"
    >
      <circle cx={12} cy={12} r={10} />
      <path d={`M8 ${15 - bend / 2}Q12 ${15 + bend} 16 ${15 - bend / 2}`} strokeLinecap="round" />
      <path d="M9 9h.01M15 9h.01" strokeLinecap="round" strokeWidth={3} />
    </svg>
  );
}

export const moodLabel = (mood: number) => {
  const label = MOODS.find((m) => m.mood === mood)?.label;
  return label ? i18n._(label) : String(mood);
};

/**
 * The daily mood: five labelled faces, one press. The day's choice is shown pressed (aria-pressed)
 * and a second press on another face replaces it (one mood per day, the server's rule).
 */
export function MoodCheck(props: {
  mood: number | undefined;
  onChoose: (mood: number) => void;
  busy: boolean;
}) {
  const { t } = useLingui();
  return (
    <section aria-labelledby="mood-title">
      <h2 id="mood-title" className="text-lg font-semibold text-slate-900">
        <Trans>How do you feel today?</Trans>
      </h2>
      <div className="mt-2 grid grid-cols-5 gap-1">
        {MOODS.map(({ mood, label }) => (
          <button
            key={mood}
            type="button"
            aria-pressed={props.mood === mood}
            disabled={props.busy}
            onClick={() => props.onChoose(mood)}
            className="flex min-h-11 flex-col items-center justify-center gap-1 rounded-lg border border-slate-300 px-1 py-2 text-xs text-slate-800 hover:bg-slate-100 aria-pressed:border-brand-700 aria-pressed:bg-brand-50 aria-pressed:font-semibold"
          >
            <Face mood={mood} />
            {t(label)}
          </button>
        ))}
      </div>
    </section>
  );
}
