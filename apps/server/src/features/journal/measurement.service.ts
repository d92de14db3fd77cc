import type { MeasurementEntryView, MeasurementTypeView } from '@medrem/contract';
import {
  MAX_CUSTOM_TYPES,
  customTypeIssue,
  isUnitOf,
  judgeCustomMeasurement,
  judgeMeasurement,
} from '@medrem/domain';
import type { Database } from '../../db/database';
import { sqlStateOf } from '../../db/sql-helpers';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { PerUserCache } from '../../lib/per-user-cache';
import type { Caller } from '../auth/caller';
import type { IdempotencyService } from '../idempotency/idempotency.service';
import { type JournalAccess, instantsOf } from './journal-access';
import {
  type JournalType,
  allTypes,
  columnsOf,
  customType,
  isKind,
  measurementView,
  typeOf,
} from './measurement-type-view';
import { type CustomTypeValues, MeasurementRepository } from './measurement.repository';

type ReadingInput = {
  values: Record<string, number>;
  unit: string;
  measuredAt: string;
  mealContext?: MeasurementEntryView['mealContext'] | undefined;
  note?: string | null | undefined;
  idempotencyKey?: string | undefined;
};

interface Target {
  component: string;
  low: number | null;
  high: number | null;
}

/**
 * Readings, own types and per-type preferences (issue 56). A reading is judged by the domain
 * (`judgeMeasurement`, decision 265) before anything is stored and kept in the canonical unit
 * (decision 300); every statement names the caller's id, so another person's ids read as unknown.
 */
export class MeasurementService {
  constructor(
    private readonly deps: {
      measurements: MeasurementRepository;
      access: JournalAccess;
      idempotency: IdempotencyService;
      clock: Clock;
      /**
       * The owner's types and preferences, read by every chart, list and entry but changed a few
       * times a year: kept per process (decision 131). Its `forget` is the journal's one "changed"
       * signal: any write of a type, a preference or a reading forgets the person's journal in every
       * process, and the chart answers kept by JournalSeriesService go with it (decision 356).
       */
      typesCache: PerUserCache<JournalType[]>;
    },
  ) {}

  /**
   * After a committed write of a type, a preference or a reading: the person's types and kept
   * charts are forgotten in every process (decision 356).
   */
  private journalChanged(userId: string): Promise<void> {
    return this.deps.typesCache.forget(userId);
  }

  /** Every type of the journal's owner with their preferences. */
  async typesOf(userId: string): Promise<JournalType[]> {
    return this.deps.typesCache.get(userId, async () => {
      const [customs, preferences] = await Promise.all([
        this.deps.measurements.customTypes(userId),
        this.deps.measurements.preferences(userId),
      ]);
      return allTypes(customs, preferences);
    });
  }

  async types(caller: Caller, patientId?: string): Promise<{ types: MeasurementTypeView[] }> {
    const owner = await this.deps.access.reader(caller, patientId);
    return { types: (await this.typesOf(owner.userId)).map((t) => t.view) };
  }

  async createType(caller: Caller, input: CustomTypeValues): Promise<{ type: MeasurementTypeView }> {
    checkCustomType(input);
    if ((await this.deps.measurements.customTypes(caller.userId)).length >= MAX_CUSTOM_TYPES) {
      throw conflict(`You have ${MAX_CUSTOM_TYPES} types of your own, the most allowed.`);
    }
    const row = await this.deps.measurements.insertCustomType(caller.userId, input);
    if (!row) throw conflict(`You already have a type named “${input.name}”.`);
    await this.journalChanged(caller.userId);
    return { type: customType(row).view };
  }

  async updateType(
    caller: Caller,
    id: string,
    input: CustomTypeValues,
  ): Promise<{ type: MeasurementTypeView }> {
    checkCustomType(input);
    if (!(await this.deps.measurements.findCustomType(id, caller.userId)))
      throw notFound('No such type of yours.');
    // A stored reading must stay a valid reading of its type.
    const span = await this.deps.measurements.valueSpan(caller.userId, id);
    if ((span.low !== null && span.low < input.min) || (span.high !== null && span.high > input.max)) {
      throw badRequest(`Readings from ${span.low} to ${span.high} are stored: the range must include them.`);
    }
    const row = await this.deps.measurements
      .updateCustomType(id, caller.userId, input)
      .catch((error: unknown) => {
        throw sqlStateOf(error) === '23505'
          ? conflict(`You already have a type named “${input.name}”.`)
          : error;
      });
    if (!row) throw notFound('No such type of yours.');
    await this.journalChanged(caller.userId);
    const types = await this.typesOf(caller.userId);
    return { type: typeOf(types, id).view };
  }

  async deleteType(caller: Caller, id: string) {
    if (!(await this.deps.measurements.deleteCustomType(id, caller.userId))) {
      throw notFound('No such type of yours.');
    }
    await this.journalChanged(caller.userId);
    return { success: true as const, message: 'The type and its readings were deleted.' };
  }

  async setPreferences(
    caller: Caller,
    input: { type: string; displayUnit: string; targets: Target[] },
  ): Promise<{ type: MeasurementTypeView }> {
    const type = typeOf(await this.typesOf(caller.userId), input.type);
    const unitKnown = type.kind
      ? isUnitOf(type.kind, input.displayUnit)
      : input.displayUnit === type.view.units[0];
    if (!unitKnown) {
      throw badRequest(
        `${type.view.label} is shown in ${type.view.units.map((u) => type.view.unitText[u] || u).join(' or ')}.`,
      );
    }
    checkTargets(type, input.targets);
    await this.deps.measurements.savePreferences({
      userId: caller.userId,
      type: type.ref,
      displayUnit: input.displayUnit,
      targets: input.targets,
    });
    await this.journalChanged(caller.userId);
    return { type: typeOf(await this.typesOf(caller.userId), type.ref).view };
  }

  async list(
    caller: Caller,
    input: { from: string; to: string; type?: string | undefined; patientId?: string | undefined },
  ): Promise<{ measurements: MeasurementEntryView[] }> {
    const owner = await this.deps.access.reader(caller, input.patientId);
    const types = await this.typesOf(owner.userId);
    if (input.type !== undefined) typeOf(types, input.type);
    const range = { ...instantsOf(input.from, input.to, owner.timeZone), type: input.type };
    const rows = await this.deps.measurements.between(owner.userId, range, 'desc');
    return { measurements: rows.map((row) => measurementView(typeOf(types, row.type), row)) };
  }

  async create(caller: Caller, input: ReadingInput & { type: string }) {
    return this.write(
      caller,
      'journal.createMeasurement',
      input,
      async () => {
        const type = typeOf(await this.typesOf(caller.userId), input.type);
        return { type, checked: this.judge(type, input) };
      },
      (repository, { type, checked }) =>
        repository.insert({
          userId: caller.userId,
          type: type.ref,
          customTypeId: type.custom?.id ?? null,
          ...checked,
        }),
    );
  }

  async update(caller: Caller, input: ReadingInput & { id: string }) {
    return this.write(
      caller,
      'journal.updateMeasurement',
      input,
      async () => {
        const row = await this.deps.measurements.find(input.id, caller.userId);
        if (!row) throw notFound('No such reading of yours.');
        const type = typeOf(await this.typesOf(caller.userId), row.type);
        return { type, checked: this.judge(type, input) };
      },
      async (repository, { checked }) => {
        const row = await repository.update(input.id, caller.userId, checked, this.deps.clock.now());
        if (!row) throw notFound('No such reading of yours.');
        return row;
      },
    );
  }

  async delete(caller: Caller, id: string) {
    if (!(await this.deps.measurements.delete(id, caller.userId)))
      throw notFound('No such reading of yours.');
    await this.journalChanged(caller.userId);
    return { success: true as const, message: 'The reading was deleted.' };
  }

  /** A keyed write: checked outside the transaction, stored inside it with the key (decision 071). */
  private async write<C extends { type: JournalType }>(
    caller: Caller,
    operation: string,
    input: ReadingInput & Record<string, unknown>,
    check: () => Promise<C>,
    store: (repository: MeasurementRepository, checked: C) => Promise<Parameters<typeof measurementView>[1]>,
  ): Promise<{ measurement: MeasurementEntryView }> {
    const { response } = await this.deps.idempotency.once(caller.userId, operation, input, {
      check,
      write: async (tx: Database, checked: C) => ({
        measurement: measurementView(checked.type, await store(new MeasurementRepository(tx), checked)),
      }),
    });
    // Committed: every process's charts of this person are stale (a replayed key changed nothing,
    // and forgetting then costs one reload).
    await this.journalChanged(caller.userId);
    return response;
  }

  /** The domain's judgement of a reading as typed; refused with its message, nothing stored. */
  private judge(type: JournalType, input: ReadingInput) {
    const takenAt = Date.parse(input.measuredAt);
    const now = this.deps.clock.now().getTime();
    const verdict = type.kind
      ? judgeMeasurement({ kind: type.kind, unit: input.unit, values: input.values, takenAt, now })
      : judgeCustomMeasurement({ type: type.custom!, unit: input.unit, values: input.values, takenAt, now });
    if (!verdict.ok) throw badRequest(verdict.error);
    if (input.mealContext && type.kind !== 'blood-glucose') {
      throw badRequest('mealContext is for blood glucose readings only.');
    }
    return {
      ...columnsOf(type, verdict.values),
      enteredUnit: input.unit,
      measuredAt: new Date(takenAt),
      mealContext: input.mealContext ?? null,
      note: input.note ? input.note : null,
    };
  }
}

function checkCustomType(input: CustomTypeValues): void {
  if (isKind(input.name.toLowerCase())) throw badRequest(`“${input.name}” is a built-in type.`);
  const issue = customTypeIssue(input);
  if (issue) throw badRequest(issue.error);
}

/** Targets name the type's components once each, low below high, within physical limits. */
function checkTargets(type: JournalType, targets: readonly Target[]): void {
  const seen = new Set<string>();
  for (const target of targets) {
    const component = type.view.components.find((c) => c.key === target.component);
    if (!component) throw badRequest(`${type.view.label} has no value “${target.component}”.`);
    if (seen.has(component.key)) throw badRequest(`Give one target for ${component.label}.`);
    seen.add(component.key);
    for (const end of [target.low, target.high]) {
      if (end !== null && (end < component.min || end > component.max)) {
        throw badRequest(
          `A ${component.label.toLowerCase()} target must be between ${component.min} and ${component.max}.`,
        );
      }
    }
    if (target.low !== null && target.high !== null && target.low >= target.high) {
      throw badRequest(`The ${component.label.toLowerCase()} target’s low end must be below its high end.`);
    }
  }
}
