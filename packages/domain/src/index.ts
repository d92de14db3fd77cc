export * from './constants';
export * from './dates';
export * from './frequency';
export * from './greeting';
export * from './schedule';
export * from './own-times';
export * from './dose-slots';
export * from './adherence';
export * from './refill';
export * from './reminder-times';
export * from './dose-cells';
export * from './adherence-aggregates';
export * from './dose-schedule';
export * from './dose-occurrences';
export * from './wall-clock';
export * from './zone-offsets';
export * from './schedule-text';
export * from './as-needed';
export * from './ics';
export * from './calendar-feed';
export * from './dose-skips';
export * from './dose-postpone';
export * from './dose-postpone-rules';
export * from './follow-ups';
export { gs1CheckDigit, hasValidCheckDigit, toGtin14 } from './gtin';
export {
  gs1Date,
  gs1ProblemText,
  parseGs1,
  type Gs1Pack,
  type Gs1Problem,
  type Gs1Result,
  type Gs1Source,
} from './gs1';
export * from './measurement-types';
export * from './measurement-units';
export * from './measurement-rules';
export * from './journal-entries';
export * from './journal-series';
export * from './measurement-reminders';
export * from './plan-history';
export * from './pack-stock';
