import { addDays, formatTime12h } from './dates';
import { countText } from './dose-slots';
import { type DoseSchedule, type TaperStep, taperDays } from './dose-schedule';

/** Last date of a taper step (for the plain-words description). */
export function taperStepEnd(steps: readonly TaperStep[], startDate: string, index: number): string {
  return addDays(startDate, taperDays(steps.slice(0, index + 1)) - 1);
}

const WEEKDAY_PLURALS = ['Sundays', 'Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays'];

/** A schedule in plain words for lists ('Mondays', 'Every 8 hours', …); null for the spec's daily rule. */
export function scheduleText(schedule: DoseSchedule | null | undefined): string | null {
  if (!schedule) return null;
  switch (schedule.kind) {
    case 'daily':
      return null;
    case 'interval':
      // 12-hour like every time on a screen (spec), never '19:00' beside '8:00 PM' (decision 192).
      return `Every ${countText(schedule.everyHours, 'hour')} from ${formatTime12h(schedule.startTime)}`;
    case 'weekdays':
      return schedule.days.map((d) => WEEKDAY_PLURALS[d]).join(', ');
    case 'cycle':
      return `${schedule.daysOn} days on, ${schedule.daysOff} days off`;
    case 'taper':
      return `Tapering: ${schedule.steps.map((s) => s.dose).join(' → ')}`;
    case 'asNeeded':
      return 'As needed';
  }
}
