import { MAX_DOSE_SLOTS } from './constants';

/** 0/1 flags joined by dashes, one per dose slot, e.g. "1-0-1". */
export const FREQUENCY_PATTERN = /^[01](-[01])*$/;

/** The flags of a frequency string; an empty or missing frequency has none. */
export function parseFrequency(frequency: string | null | undefined): number[] {
  if (!frequency) return [];
  return frequency.split('-').map((flag) => (flag.trim() === '1' ? 1 : 0));
}

/** A frequency the server accepts: the pattern, at most 8 flags, at least one dose. */
export function isValidFrequency(frequency: string): boolean {
  if (!FREQUENCY_PATTERN.test(frequency)) return false;
  const flags = parseFrequency(frequency);
  return flags.length <= MAX_DOSE_SLOTS && flags.includes(1);
}

/** Number of doses a day: the sum of the frequency's digits. */
export function dosesInFrequency(frequency: string | null | undefined): number {
  return parseFrequency(frequency).reduce((sum, flag) => sum + flag, 0);
}

const FREQUENCY_LABELS: Record<string, string> = {
  '1-1-1': 'Three times daily',
  '1-0-1': 'Twice daily',
  '0-1-1': 'Twice daily',
  '1-1-0': 'Twice daily',
  '1-0-0': 'Once daily',
  '0-0-1': 'Once daily',
  '0-1-0': 'Once daily',
};

/** The spec's label for a pattern, or null ("no label") for any other pattern. */
export function frequencyLabel(frequency: string | null | undefined): string | null {
  if (!frequency || !Object.hasOwn(FREQUENCY_LABELS, frequency)) return null;
  return FREQUENCY_LABELS[frequency] ?? null;
}
