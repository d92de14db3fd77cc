/**
 * The metrics seam (decision 110): what the reminder engine and the HTTP layer report, as small
 * interfaces. Only lib/prom-metrics.ts knows prom-client; services and the engine call these.
 */
export type PushFailureReason = 'gone' | 'rejected' | 'transient';

export interface ReminderMetrics {
  /** Schedule rows claimed because they were due. */
  due(count: number): void;
  /** A notification stored for a due row, `seconds` after it was due (the in-app bell has it). */
  stored(seconds: number): void;
  /** A push accepted by its push service, `seconds` after its notification was stored. */
  pushSent(seconds: number): void;
  /** A push that failed; `givenUp` when it will not be tried again. */
  pushFailed(reason: PushFailureReason, givenUp: boolean): void;
  /** One send's outcome by the kind of device or channel it went to (issue 53). */
  delivery?(channel: string, outcome: DeliveryOutcomeLabel): void;
}

/** sent; failed: will be retried; gave-up: given up or refused for good; gone: the device was removed. */
export type DeliveryOutcomeLabel = 'sent' | 'failed' | 'gave-up' | 'gone';

/** How a failed mail attempt ended: tried again later, refused for good, or given up after its attempts. */
export type MailFailureOutcome = 'retry' | 'permanent' | 'gave-up';

export interface MailMetrics {
  /** A message accepted by the mail system (or written to DATA_DIR/mail/), by its kind. */
  mailSent(kind: string): void;
  mailFailed(kind: string, outcome: MailFailureOutcome): void;
}

export interface HttpMetrics {
  /** One answered request, by route pattern (never the raw URL) and status. */
  request(method: string, route: string, statusCode: number, seconds: number): void;
}

/** A process that reports nothing (tests, tools). */
export const noReminderMetrics: ReminderMetrics = {
  due: () => undefined,
  stored: () => undefined,
  pushSent: () => undefined,
  pushFailed: () => undefined,
};
