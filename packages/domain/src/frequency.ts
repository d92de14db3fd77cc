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

/** The spec's frequency labels as codes: the web says each in the page's language (issue 54). */
export type FrequencyLabelCode = 'onceDaily' | 'twiceDaily' | 'threeTimesDaily';

const FREQUENCY_LABELS: Record<string, FrequencyLabelCode> = {
  '1-1-1': 'threeTimesDaily',
  '1-0-1': 'twiceDaily',
  '0-1-1': 'twiceDaily',
  '1-1-0': 'twiceDaily',
  '1-0-0': 'onceDaily',
  '0-0-1': 'onceDaily',
  '0-1-0': 'onceDaily',
};

/** The spec's English for each label: the server's words (API, report). */
export const FREQUENCY_LABEL_TEXT: Record<FrequencyLabelCode, string> = {
  onceDaily: 'Once daily',
  twiceDaily: 'Twice daily',
  threeTimesDaily: 'Three times daily',
};

/** Which of the spec's labels a pattern has, or null ("no label") for any other pattern. */
export function frequencyLabelCode(frequency: string | null | undefined): FrequencyLabelCode | null {
  if (!frequency || !Object.hasOwn(FREQUENCY_LABELS, frequency)) return null;
  return FREQUENCY_LABELS[frequency] ?? null;
}

/** The spec's label for a pattern in English, or null ("no label") for any other pattern. */
export function frequencyLabel(frequency: string | null | undefined): string | null {
  const code = frequencyLabelCode(frequency);
  return code ? FREQUENCY_LABEL_TEXT[code] : null;
}
