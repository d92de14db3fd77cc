import { t } from '@lingui/core/macro';
import type { MeasurementTypeView } from '@medrem/contract';
import type { MeasurementProblem } from '@medrem/domain';
import { activeLocale } from '../../i18n/active-locale';
import { formatNumber } from '../../i18n/intl-formats';
import { typeUnitText } from './journal-units';

/** A limit as the person reads it: "0.5", "1000" in English (as the domain writes it), "0,5" in German. */
const limit = (value: number) => formatNumber(value, { useGrouping: false, maximumFractionDigits: 10 });

/**
 * Why a reading is refused, in the page's language (issue 54): the domain's judgement (decision
 * 265) gives the problem, the type (its words already translated, journal-type-texts.ts) the
 * names. In English, word for word the API's 400 (the domain's `error`).
 */
export function measurementProblemWords(
  type: MeasurementTypeView,
  field: string,
  problem: MeasurementProblem,
): string {
  const name = type.label;
  switch (problem.code) {
    case 'unit': {
      const texts = problem.units.map((u) => (type.custom ? u : typeUnitText(type, u)));
      const units =
        texts.length === 0
          ? t({ message: 'no unit', comment: 'An own measurement type recorded without a unit' })
          : new Intl.ListFormat(activeLocale(), { type: 'disjunction' }).format(texts);
      return t`${name} is recorded in ${units}.`;
    }
    case 'missing': {
      // English writes a value's name in the middle of the sentence in small letters (the domain's
      // words); other languages keep the name as their catalog writes it.
      const label = type.custom ? name : (type.components.find((c) => c.key === field)?.label ?? field);
      const value = activeLocale() === 'en' && !type.custom ? label.toLowerCase() : label;
      return t({
        message: `Enter the ${value}.`,
        comment: 'A reading’s missing value: "Enter the systolic."',
      });
    }
    case 'notANumber':
      return t`Enter a number.`;
    case 'range': {
      const label = type.custom ? name : (type.components.find((c) => c.key === field)?.label ?? field);
      const [low, high] = [limit(problem.low), limit(problem.high)];
      const unit = type.custom ? problem.unit : typeUnitText(type, problem.unit);
      return unit
        ? t`${label} must be between ${low} and ${high} ${unit}.`
        : t`${label} must be between ${low} and ${high}.`;
    }
    case 'unknownValue': {
      const key = problem.key;
      return t`${name} has no value “${key}”.`;
    }
    case 'systolicNotAbove':
      return t`The systolic (upper) number must be above the diastolic.`;
    case 'future':
      return t`A reading cannot be recorded in the future.`;
  }
}
