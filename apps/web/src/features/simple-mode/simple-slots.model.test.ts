import type { Medicine } from '@medrem/contract';
import { describe, expect, it } from 'vitest';
import { medicine } from '../../test/factories';
import { dosesToTake, simpleSlotsOf, simpleViewOf } from './simple-slots.model';

const TODAY = '2026-11-21';
const aspirin = medicine({ id: 'a', name: 'Aspirin', frequency: '1-0-1' });
const ibuprofen = medicine({ id: 'b', name: 'Ibuprofen', frequency: '1-1-0' });
const at = (hours: number, minutes = 0) => hours * 60 + minutes;

function viewAt(
  nowMinutes: number,
  options: {
    taken?: Record<string, string>;
    medicines?: Medicine[];
    takeEarlyMinutes?: number;
    skipped?: Record<string, ({ reason: null } | null)[]>;
    postponed?: Record<string, (string | null)[]>;
  } = {},
) {
  const slots = simpleSlotsOf({
    medicines: options.medicines ?? [aspirin, ibuprofen],
    defaultReminderTimes: ['08:00', '14:00', '20:00'],
    takenById: new Map(Object.entries(options.taken ?? {})),
    skippedById: new Map(Object.entries(options.skipped ?? {})),
    postponedById: new Map(Object.entries(options.postponed ?? {})),
    today: TODAY,
    nowMinutes,
    takeEarlyMinutes: options.takeEarlyMinutes ?? 60,
    timeZone: 'UTC',
  });
  return { slots, view: simpleViewOf(slots) };
}

const names = (slot: { doses: { dose: { medicine: Medicine } }[] } | null | undefined) =>
  slot?.doses.map((d) => d.dose.medicine.name);

describe('the simple screen’s current slot', () => {
  it('asks about nothing before the first slot’s window, and names the first slot as next', () => {
    // 8:00 with a 60-minute take-early window opens at 7:00: 6:59 is one minute before.
    const { view } = viewAt(at(6, 59));
    expect(view).toMatchObject({ current: null, lastSettled: null, next: { time: '08:00' } });
  });

  it('asks about a slot from its take-early window on, with every medicine of that time', () => {
    const { view } = viewAt(at(7, 0));
    expect(view.current?.time).toBe('08:00');
    expect(names(view.current)).toEqual(['Aspirin', 'Ibuprofen']);
    expect(view.next?.time).toBe('14:00');
  });

  it('says a settled slot is done until the next one’s time has come, to the minute', () => {
    const taken = { a: '1-0-0', b: '1-0-0' };
    const before = viewAt(at(13, 59), { taken, takeEarlyMinutes: 0 }).view;
    expect(before).toMatchObject({ current: null, lastSettled: { time: '08:00' }, next: { time: '14:00' } });
    const due = viewAt(at(14, 0), { taken, takeEarlyMinutes: 0 }).view;
    expect(due).toMatchObject({ current: { time: '14:00' }, lastSettled: null, next: { time: '20:00' } });
    // Only Ibuprofen has a dose at 14:00.
    expect(names(due.current)).toEqual(['Ibuprofen']);
  });

  it('asks about the slot due now first, then goes back to a morning still open', () => {
    const now = at(14, 30);
    expect(viewAt(now).view.current?.time).toBe('14:00');
    const afternoonTaken = viewAt(now, { taken: { b: '0-1-0' } }).view;
    expect(afternoonTaken.current?.time).toBe('08:00');
    expect(afternoonTaken.next?.time).toBe('20:00');
    // A half-settled slot is still open: Aspirin's morning dose waits.
    const halfMorning = viewAt(now, { taken: { a: '0-0-0', b: '1-1-0' } }).view;
    expect(names(halfMorning.current)).toEqual(['Aspirin', 'Ibuprofen']);
    expect(dosesToTake(halfMorning.current!).map((d) => d.medicine.name)).toEqual(['Aspirin']);
  });

  it('counts a skipped dose as settled', () => {
    const { view } = viewAt(at(9), {
      taken: { b: '1-0-0' },
      skipped: { a: [{ reason: null }, null] },
    });
    expect(view).toMatchObject({ current: null, lastSettled: { time: '08:00' } });
  });

  it('reports the whole day done after the last slot, with no next slot', () => {
    const { view } = viewAt(at(23, 59), { taken: { a: '1-0-1', b: '1-1-0' } });
    expect(view).toMatchObject({ current: null, lastSettled: { time: '20:00' }, next: null });
  });

  it('lists only medicines whose course runs today: one starting tomorrow or ended yesterday is not asked about, one ending today is', () => {
    const tomorrow = medicine({ id: 'c', name: 'Tomorrow', frequency: '1-0-0', startDate: '2026-11-22' });
    const startsToday = medicine({
      id: 'd',
      name: 'Today',
      frequency: '1-0-0',
      startDate: TODAY,
      createdAt: '2026-11-20T08:00:00.000Z',
    });
    const endedYesterday = medicine({
      id: 'e',
      name: 'Ended',
      frequency: '1-0-0',
      startDate: '2026-11-11',
      originalDurationDays: 10,
    });
    // Ten days from the 12th: its last day is today.
    const endsToday = medicine({
      id: 'g',
      name: 'Last day',
      frequency: '1-0-0',
      startDate: '2026-11-12',
      originalDurationDays: 10,
    });
    const { view } = viewAt(at(8), { medicines: [tomorrow, startsToday, endedYesterday, endsToday] });
    expect(names(view.current)).toEqual(['Today', 'Last day']);
  });

  it('keeps a dose postponed to 16:30 out of its own slot and asks about it at its new time, without the early window', () => {
    const postponed = { a: ['16:30', null] };
    const afternoon = viewAt(at(15, 45), { taken: { b: '1-1-0' }, postponed }).view;
    expect(afternoon).toMatchObject({
      current: null,
      lastSettled: { time: '14:00' },
      next: { time: '16:30' },
    });
    expect(viewAt(at(16, 30), { taken: { b: '1-1-0' }, postponed }).view.current?.time).toBe('16:30');
  });

  it('does not ask about a dose from before the medicine was added', () => {
    const added = medicine({
      id: 'f',
      name: 'Added at noon',
      frequency: '1-0-1',
      startDate: TODAY,
      createdAt: '2026-11-21T12:00:00.000Z',
    });
    const { slots, view } = viewAt(at(12, 30), { medicines: [added] });
    expect(slots[0]).toMatchObject({ time: '08:00', settled: true });
    expect(view).toMatchObject({ current: null, lastSettled: { time: '08:00' }, next: { time: '20:00' } });
  });
});
