import type { ActivityFact } from '@medrem/contract';

/** One thing that happened to an account, as a service tells it (the recorder adds the time). */
export type ActivityEvent = ActivityFact & {
  /** The account whose record it goes into. */
  userId: string;
  /** Who acted, when not the account holder: a caregiver reading (care-read). */
  actorUserId?: string;
  device?: string | null;
  ip?: string | null;
};

/**
 * What other features call to add to an account's activity record (decision 294). Never fails and
 * never waits: the write happens after the call returns and a failure is logged, so recording can
 * neither fail nor slow the action it records. Reads by caregivers and the calendar feed are
 * coalesced (decision 296).
 */
export interface ActivityRecorder {
  record(event: ActivityEvent): void;
}
