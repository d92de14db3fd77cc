/**
 * The account's clock (issue 54): times of day as the language writes them ('auto'), or always on
 * a 12- or 24-hour clock. Kept for the page, set from the account's settings; read by the time
 * formats (intl-formats.ts).
 */
import type { ClockChoice } from '@medrem/contract/locales';
import { textsChanged } from './lingui-runtime';

let clock: ClockChoice = 'auto';

export function setClockChoice(choice: ClockChoice): void {
  if (choice === clock) return;
  clock = choice;
  textsChanged();
}

/** `Intl`'s hour cycle for the choice; undefined: the language's own. */
export function chosenHourCycle(): 'h12' | 'h23' | undefined {
  if (clock === '12h') return 'h12';
  if (clock === '24h') return 'h23';
  return undefined;
}
