import { t } from '@lingui/core/macro';
import { useEffect, useState } from 'react';
import { useReportValidity } from './field-validity.context';

export interface WholeNumberBounds {
  min: number;
  max: number;
}

/** The number as typed, when it is a whole number within the bounds; else null. */
export function wholeNumberOf(text: string, { min, max }: WholeNumberBounds): number | null {
  const value = Number(text);
  return text.trim() !== '' && Number.isInteger(value) && value >= min && value <= max ? value : null;
}

/** What a whole number counts (each has its own sentence: a unit is not glued into one). */
export type WholeNumberUnit = 'minutes';

const ISSUES: Record<WholeNumberUnit, (min: number, max: number) => string> = {
  minutes: (min, max) => t`Enter whole minutes from ${min} to ${max}.`,
};

/** What a field says when its text is not a whole number within its bounds. */
export function wholeNumberIssue({ min, max }: WholeNumberBounds, unit: WholeNumberUnit = 'minutes'): string {
  return ISSUES[unit](min, max);
}

/**
 * A number field kept as typed and judged, never clamped per keystroke: clamping turned "15" into
 * "55" (the "1" became the minimum 5, then the "5" was added) and an emptied field into 0. A value in
 * bounds is passed on as it is typed; one that is not is named at the field, reported to the form
 * (which refuses to save while any field is invalid), and the setting keeps its last good value.
 */
export function useTypedWholeNumber(props: {
  id: string;
  value: number;
  bounds: WholeNumberBounds;
  unit?: WholeNumberUnit;
  onChange: (value: number) => void;
}) {
  const { id, value, bounds, unit, onChange } = props;
  const [text, setText] = useState(String(value));
  // A value set from elsewhere (the saved settings arriving, a discard) replaces what is shown.
  useEffect(() => {
    setText((shown) => (wholeNumberOf(shown, bounds) === value ? shown : String(value)));
  }, [value, bounds]);
  const error = wholeNumberOf(text, bounds) === null ? wholeNumberIssue(bounds, unit) : undefined;
  useReportValidity(id, error === undefined);
  return {
    text,
    error,
    onTextChange: (typed: string) => {
      setText(typed);
      const judged = wholeNumberOf(typed, bounds);
      if (judged !== null) onChange(judged);
    },
  };
}
