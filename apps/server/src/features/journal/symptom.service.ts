import type { MoodEntryView, SymptomEntryView } from '@medrem/contract';
import { DEFAULT_SYMPTOMS, MAX_OWN_SYMPTOMS, MEASUREMENT_FUTURE_TOLERANCE_MINUTES } from '@medrem/domain';
import type { Database } from '../../db/database';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Caller } from '../auth/caller';
import type { IdempotencyService } from '../idempotency/idempotency.service';
import type { MedicineRepository } from '../medicines/medicine.repository';
import { type JournalAccess, instantsOf } from './journal-access';
import {
  JournalEntryRepository,
  type MoodRow,
  type SymptomEntryRow,
  type SymptomValues,
} from './journal-entry.repository';

type SymptomInput = {
  symptom: string;
  severity: number;
  occurredAt: string;
  note?: string | null | undefined;
  medicineId?: string | null | undefined;
  idempotencyKey?: string | undefined;
};

interface RangeInput {
  from: string;
  to: string;
  patientId?: string | undefined;
}

/**
 * Symptoms (a name from the person's list, severity 1–5, a suspected medicine) and the daily mood
 * (issue 56). Names are matched in any case and stored as the list spells them, so a report counts
 * "headache" and "Headache" as one symptom.
 */
export class SymptomService {
  constructor(
    private readonly deps: {
      entries: JournalEntryRepository;
      medicines: Pick<MedicineRepository, 'findOwnedSchedule'>;
      access: JournalAccess;
      idempotency: IdempotencyService;
      clock: Clock;
    },
  ) {}

  async names(caller: Caller, patientId?: string) {
    const owner = await this.deps.access.reader(caller, patientId);
    return { names: await this.namesOf(owner.userId) };
  }

  async addName(caller: Caller, name: string) {
    const names = await this.namesOf(caller.userId);
    if (names.some((n) => n.name.toLowerCase() === name.toLowerCase())) {
      throw conflict(`“${name}” is already in your list.`);
    }
    if (names.filter((n) => n.id !== null).length >= MAX_OWN_SYMPTOMS) {
      throw conflict(`Your list holds ${MAX_OWN_SYMPTOMS} names of your own, the most allowed.`);
    }
    const row = await this.deps.entries.insertName(caller.userId, name);
    if (!row) throw conflict(`“${name}” is already in your list.`);
    return { name: row };
  }

  async deleteName(caller: Caller, id: string) {
    if (!(await this.deps.entries.deleteName(id, caller.userId))) throw notFound('No such name of yours.');
    return { success: true as const, message: 'The name was removed from your list.' };
  }

  async symptoms(caller: Caller, input: RangeInput): Promise<{ symptoms: SymptomEntryView[] }> {
    const owner = await this.deps.access.reader(caller, input.patientId);
    const { from, until } = instantsOf(input.from, input.to, owner.timeZone);
    const rows = await this.deps.entries.symptomsBetween(owner.userId, from, until);
    return { symptoms: rows.map((row) => symptomView(row, owner.canSeeMedicines)) };
  }

  async createSymptom(caller: Caller, input: SymptomInput) {
    return this.writeSymptom(caller, 'journal.createSymptom', input, async (entries, values) =>
      entries.insertSymptom(caller.userId, values),
    );
  }

  async updateSymptom(caller: Caller, input: SymptomInput & { id: string }) {
    return this.writeSymptom(caller, 'journal.updateSymptom', input, async (entries, values) => {
      if (!(await entries.updateSymptom(input.id, caller.userId, values))) {
        throw notFound('No such symptom entry of yours.');
      }
      return input.id;
    });
  }

  async deleteSymptom(caller: Caller, id: string) {
    if (!(await this.deps.entries.deleteSymptom(id, caller.userId))) {
      throw notFound('No such symptom entry of yours.');
    }
    return { success: true as const, message: 'The entry was deleted.' };
  }

  async moods(caller: Caller, input: RangeInput): Promise<{ moods: MoodEntryView[] }> {
    const owner = await this.deps.access.reader(caller, input.patientId);
    return {
      moods: (await this.deps.entries.moodsBetween(owner.userId, input.from, input.to)).map(moodView),
    };
  }

  async setMood(
    caller: Caller,
    input: {
      date: string;
      mood: number;
      note?: string | null | undefined;
      idempotencyKey?: string | undefined;
    },
  ): Promise<{ mood: MoodEntryView }> {
    const { response } = await this.deps.idempotency.once(caller.userId, 'journal.setMood', input, {
      check: async () => {
        const { today } = await this.deps.access.owner(caller.userId);
        if (input.date > today) throw badRequest(`The mood of ${input.date} can be set from that day on.`);
      },
      write: async (tx: Database) => {
        const row = await new JournalEntryRepository(tx).saveMood({
          userId: caller.userId,
          date: input.date,
          mood: input.mood,
          note: input.note ? input.note : null,
          updatedAt: this.deps.clock.now(),
        });
        return { mood: moodView(row) };
      },
    });
    return response;
  }

  async deleteMood(caller: Caller, date: string) {
    if (!(await this.deps.entries.deleteMood(caller.userId, date))) {
      throw notFound(`No mood is recorded on ${date}.`);
    }
    return { success: true as const, message: 'The mood was removed.' };
  }

  private async namesOf(userId: string) {
    const own = await this.deps.entries.ownNames(userId);
    return [...DEFAULT_SYMPTOMS.map((name) => ({ id: null, name })), ...own];
  }

  /** Checks outside the transaction, then stores with the key (decision 071). */
  private async writeSymptom(
    caller: Caller,
    operation: string,
    input: SymptomInput & Record<string, unknown>,
    store: (entries: JournalEntryRepository, values: SymptomValues) => Promise<string>,
  ): Promise<{ symptom: SymptomEntryView }> {
    const { response } = await this.deps.idempotency.once(caller.userId, operation, input, {
      check: () => this.checkedSymptom(caller, input),
      write: async (tx: Database, values: SymptomValues) => {
        const entries = new JournalEntryRepository(tx);
        const row = await entries.findSymptom(await store(entries, values), caller.userId);
        return { symptom: symptomView(row!, true) };
      },
    });
    return response;
  }

  private async checkedSymptom(caller: Caller, input: SymptomInput): Promise<SymptomValues> {
    const listed = (await this.namesOf(caller.userId)).find(
      (n) => n.name.toLowerCase() === input.symptom.toLowerCase(),
    );
    if (!listed) throw badRequest(`“${input.symptom}” is not in your symptom list: add it first.`);
    const occurredAt = new Date(input.occurredAt);
    const latest = this.deps.clock.now().getTime() + MEASUREMENT_FUTURE_TOLERANCE_MINUTES * 60_000;
    if (occurredAt.getTime() > latest) throw badRequest('A symptom cannot be recorded in the future.');
    const medicineId = input.medicineId ?? null;
    if (medicineId && !(await this.deps.medicines.findOwnedSchedule(medicineId, caller.userId))) {
      throw notFound('No such medicine of yours.');
    }
    return {
      symptom: listed.name,
      severity: input.severity,
      note: input.note ? input.note : null,
      medicineId,
      occurredAt,
    };
  }
}

/** A caregiver without the medicine permission sees the symptom, not the medicine suspected. */
export function symptomView(row: SymptomEntryRow, canSeeMedicines: boolean): SymptomEntryView {
  return {
    id: row.id,
    symptom: row.symptom,
    severity: row.severity,
    note: row.note,
    medicineId: canSeeMedicines ? row.medicineId : null,
    medicineName: canSeeMedicines ? row.medicineName : null,
    occurredAt: row.occurredAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

export function moodView(row: MoodRow): MoodEntryView {
  return { date: row.date, mood: row.mood, note: row.note, updatedAt: row.updatedAt.toISOString() };
}
