import { type AsNeededIntake, ERROR_REASONS } from '@medrem/contract';
import { addDays, allowedAtText, asNeededRefusal, checkAsNeeded, wallClockInstant } from '@medrem/domain';
import { badRequest, conflict } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../db/database';
import type { Caller } from '../auth/caller';
import type { IdempotencyService } from '../idempotency/idempotency.service';
import type { AsNeededRepository } from './as-needed.repository';
import type { MedicineWithTotals } from './medicine.repository';
import type { MedicineChangeListener } from './medicine-change.port';

export interface AsNeededInput {
  id: string;
  /** When it was taken (an offline press syncs later); now when absent, never later than now. */
  takenAt?: string | undefined;
  override: boolean;
  idempotencyKey?: string | undefined;
}

const HOUR_MS = 3_600_000;
/**
 * Limits reach at most this far on either side of an intake: 24 hours for the maximum, 48 hours for
 * the interval. Twice that is read, so the time a refused dose becomes allowed is found too.
 */
const REACH_MS = 2 * 48 * HOUR_MS;

/**
 * Records as-needed intakes under their safety limits (decision 120). The limits are judged in the
 * write's transaction with the medicine's row locked, so two presses at once cannot both pass.
 */
export class AsNeededRecorder {
  constructor(
    private readonly deps: {
      clock: Clock;
      idempotency: IdempotencyService;
      scopeOf: (tx: Database) => { asNeeded: AsNeededRepository; changes: MedicineChangeListener };
    },
  ) {}

  async record(
    caller: Caller,
    medicine: MedicineWithTotals,
    timeZone: string,
    input: AsNeededInput,
  ): Promise<AsNeededIntake> {
    const schedule = medicine.schedule;
    if (schedule?.kind !== 'asNeeded') {
      throw badRequest(
        'Only an as-needed medicine records doses this way; tick its scheduled doses instead.',
      );
    }
    const now = this.deps.clock.now().getTime();
    const at = Math.min(input.takenAt ? Date.parse(input.takenAt) : now, now);
    // The fingerprint is the request as sent: `at` is filled in from the server's clock when it has
    // no takenAt, and a retry a moment later must still match (decision 181).
    const { response } = await this.deps.idempotency.once(
      caller.userId,
      'medicine.takeAsNeeded',
      { ...input },
      {
        check: async () => undefined,
        write: async (tx) => {
          const { asNeeded, changes } = this.deps.scopeOf(tx);
          // Both sides of `at` (decision 180): a dose recorded late is judged against later ones too.
          const around = await asNeeded.asNeededBetween(
            medicine.id,
            new Date(at - REACH_MS),
            new Date(at + REACH_MS),
            { lock: true },
          );
          const verdict = checkAsNeeded(
            around.map((e) => e.takenAt.getTime()),
            at,
            schedule,
          );
          if (!verdict.allowed && !input.override) {
            throw conflict(
              asNeededRefusal(medicine.name, verdict, schedule, allowedAtText(verdict.allowedAt, timeZone)),
              ERROR_REASONS.asNeededLimit,
            );
          }
          const row = await asNeeded.insertAsNeeded(medicine.id, new Date(at), !verdict.allowed);
          await changes.supplyChanged(caller.userId);
          return toIntake(row);
        },
      },
    );
    return response;
  }

  static async log(
    intakes: AsNeededRepository,
    medicineId: string,
    from: string,
    to: string,
    timeZone: string,
  ): Promise<AsNeededIntake[]> {
    const start = wallClockInstant(from, '00:00', timeZone);
    const end = wallClockInstant(addDays(to, 1), '00:00', timeZone);
    const rows = await intakes.asNeededBetween(medicineId, new Date(start), new Date(end));
    return rows.map(toIntake);
  }
}

function toIntake(row: { id: string; takenAt: Date; override: boolean }): AsNeededIntake {
  return { id: row.id, takenAt: row.takenAt.toISOString(), override: row.override };
}
