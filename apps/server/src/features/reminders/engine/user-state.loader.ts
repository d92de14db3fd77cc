import { CLOCK_CHOICES, type ClockChoice, isLocale } from '@medrem/contract/locales';
import { MEASUREMENT_TYPES, type MeasurementKind, settledFlags } from '@medrem/domain';
import type { Database } from '../../../db/database';
import { CareRepository } from '../../care/care.repository';
import { MeasurementReminderRepository } from '../../journal/measurement-reminder.repository';
import { DoseRecordRepository } from '../../medicines/dose-record.repository';
import { MedicineRepository } from '../../medicines/medicine.repository';
import { PackRepository } from '../../packs/pack.repository';
import { type EffectiveSettings, effectiveSettingsOf } from '../../settings/effective-settings';
import { SettingsRepository } from '../../settings/settings.repository';
import type { Occurrence } from '../schedule-rules';
import { type DueRow, type UserState, effectiveOccurrence } from './row-evaluation';
import type { MeasureState } from './row-types';

/**
 * What `evaluateRow` needs for a batch of rows: the occurrence each is about (as of `nowOf(row)`) and
 * its user's state. The fire job (as of now) and the preparer (as of each row's instant) share it, so
 * what is prepared is evaluated from exactly what firing reads. `known` may give a user's state
 * instead of reading it (decision 015: what preparation read, under an unchanged stamp), provided it
 * holds the taken flags of every date the user's rows are about. `dates`: the dates read.
 */
export async function loadBatch(
  db: Database,
  rows: DueRow[],
  nowOf: (row: DueRow) => Date,
  known?: (userId: string, dates: Set<string>) => UserState | undefined,
): Promise<{ occurrences: Map<string, Occurrence>; states: Map<string, UserState>; dates: string[] }> {
  const occurrences = new Map(rows.map((r) => [r.id, effectiveOccurrence(r, nowOf(r))]));
  const datesOf = new Map<string, Set<string>>();
  for (const row of rows) {
    const date = occurrences.get(row.id)!.date;
    const own = datesOf.get(row.userId);
    if (own) own.add(date);
    else datesOf.set(row.userId, new Set([date]));
  }
  // Measurement reminders (decision 331) are read only for the users a 'measure' row is about.
  const measureUsers = new Set(rows.filter((r) => r.kind === 'measure').map((r) => r.userId));
  const states = new Map<string, UserState>();
  const unread: string[] = [];
  for (const [userId, dates] of datesOf) {
    const state = known?.(userId, dates);
    if (state && (state.measure || !measureUsers.has(userId))) states.set(userId, state);
    else unread.push(userId);
  }
  const dates = [...new Set(unread.flatMap((userId) => [...datesOf.get(userId)!]))];
  if (unread.length > 0) {
    const measuring = unread.filter((userId) => measureUsers.has(userId));
    for (const [userId, state] of await loadUserStates(db, unread, dates, measuring))
      states.set(userId, state);
  }
  return { occurrences, states, dates };
}

/**
 * What a batch's rules need to know of its users, read in five bulk queries through the medicine,
 * dose-record and settings repositories (the same expressions the API uses): settings, medicines with their
 * taken totals, the taken flags of the days the batch is about, their caregivers and their packs on hand.
 */
export async function loadUserStates(
  tx: Database,
  userIds: string[],
  dates: string[],
  measuring: string[] = [],
): Promise<Map<string, UserState>> {
  const settingsRows = await new SettingsRepository(tx).findMany(userIds);
  const medicines = await new MedicineRepository(tx).listForUsers(userIds);
  const taken = await new DoseRecordRepository(tx).takenOn(
    medicines.map((m) => m.id),
    dates,
  );
  // Who cares for these users now: a caregiver removed a moment ago is not alerted (decision 140).
  const links = await new CareRepository(tx).linksOfPatients(userIds);
  // Packs with an expiry, for the expiry reminders (decision 323): most users have none.
  const packs = await new PackRepository(tx).expiringOf(userIds);
  const settingsByUser = new Map(settingsRows.map((s) => [s.userId, s]));
  // Most users keep the defaults they were given: each distinct saved value is checked (a zod parse)
  // once per batch, not once per user (decision 139). The rules only read a state's settings.
  const settingsOfText = new Map<string, EffectiveSettings>();
  const settingsOf = (row: (typeof settingsRows)[number] | undefined) => {
    // The language is part of the settings the texts are written in (decision 364).
    const text = row ? `${row.timezone}|${row.locale}|${row.clock}|${JSON.stringify(row.preferences)}` : '';
    let settings = settingsOfText.get(text);
    if (!settings) settingsOfText.set(text, (settings = effectiveSettingsOf(row)));
    return settings;
  };
  const states = new Map<string, UserState>();
  for (const userId of userIds) {
    states.set(userId, {
      settings: settingsOf(settingsByUser.get(userId)),
      medicines: [],
      taken: new Map(),
      care: [],
    });
  }
  const medicineOwner = new Map<string, string>();
  for (const m of medicines) {
    states.get(m.userId)?.medicines.push(m);
    medicineOwner.set(m.id, m.userId);
  }
  for (const t of taken) {
    const owner = medicineOwner.get(t.medicineId);
    const state = owner ? states.get(owner) : undefined;
    if (!state) continue;
    const key = `${t.medicineId}|${t.date}`;
    state.taken.set(key, t.taken);
    // Only a day with a skip costs more (decision 225); the flags are as long as the taken string
    // or the skips, whichever is longer.
    if (t.skipped) {
      const slots = Math.max(t.taken.split('-').length, t.skipped.length);
      (state.skipped ??= new Map()).set(key, settledFlags(t, slots));
    }
    if (t.postponed?.some(Boolean)) (state.postponed ??= new Map()).set(key, t.postponed);
  }
  for (const pack of packs) {
    const state = states.get(pack.userId);
    if (state) (state.packs ??= []).push(pack);
  }
  for (const link of links) {
    states.get(link.patientId)?.care.push({
      caregiverId: link.caregiverId,
      patientName: link.name,
      missedDoseAlerts: link.missedDoseAlerts,
      missedDelayMinutes: link.missedDelayMinutes,
      refillAlerts: link.refillAlerts,
      // A value the code no longer knows reads as not chosen (English), as in the settings.
      locale: isLocale(link.caregiverLocale) ? link.caregiverLocale : null,
      clock: (CLOCK_CHOICES as readonly (string | null)[]).includes(link.caregiverClock)
        ? (link.caregiverClock as ClockChoice)
        : 'auto',
    });
  }
  for (const [userId, measure] of await loadMeasureStates(tx, measuring)) {
    const state = states.get(userId);
    if (state) state.measure = measure;
  }
  return states;
}

/** Measurement reminders and the latest reading of each type reminded, for these users (two reads). */
async function loadMeasureStates(tx: Database, userIds: string[]): Promise<Map<string, MeasureState>> {
  const result = new Map<string, MeasureState>(
    userIds.map((userId) => [userId, { reminders: new Map(), lastReadingAt: new Map() }]),
  );
  if (userIds.length === 0) return result;
  const repository = new MeasurementReminderRepository(tx);
  const reminders = await repository.forUsers(userIds);
  const latest = await repository.latestReadings(userIds);
  for (const r of reminders) {
    const label = r.customName ?? MEASUREMENT_TYPES[r.type as MeasurementKind]?.label ?? r.type;
    result
      .get(r.userId)
      ?.reminders.set(r.id, { id: r.id, type: r.type, label, times: r.times, days: r.days });
  }
  for (const l of latest) result.get(l.userId)?.lastReadingAt.set(l.type, l.at.getTime());
  return result;
}
