import { describe, expect, it } from 'vitest';
import { movedDosesMessage, planReminderTimes, type ReminderTimeRow } from './reminder-times-plan';

const previous = ['08:00', '14:00', '20:00'];
const rows = (...times: [string, number | null][]): ReminderTimeRow[] =>
  times.map(([time, slot]) => ({ time, slot }));
const aspirin = { id: 'a', name: 'Aspirin', frequency: '1-1-0' };
const metformin = { id: 'm', name: 'Metformin', frequency: '1-0-1' };

describe('planReminderTimes', () => {
  it('neither moves nor is held up by a medicine with its own times (decision 212)', () => {
    const thyroid = { id: 't', name: 'Thyroid', frequency: '1', doseTimes: ['06:30'] };
    const edited = planReminderTimes(previous, rows(['09:00', 0], ['14:00', 1], ['20:00', 2]), [thyroid]);
    expect(edited).toMatchObject({ kind: 'ok', remaps: [], moved: [] });
    // Removing the first time would strand a '1' on the default times; not on its own time.
    const removed = planReminderTimes(previous, rows(['14:00', 1], ['20:00', 2]), [thyroid]);
    expect(removed).toMatchObject({ kind: 'ok', remaps: [] });
  });

  it('sorts an added time into place and moves the medicines’ flags with their slots', () => {
    const plan = planReminderTimes(
      previous,
      rows(['08:00', 0], ['14:00', 1], ['20:00', 2], ['12:00', null]),
      [aspirin, metformin],
    );
    expect(plan).toMatchObject({
      kind: 'ok',
      times: ['08:00', '12:00', '14:00', '20:00'],
      remaps: [
        { id: 'a', from: '1-1-0', to: '1-0-1' },
        { id: 'm', from: '1-0-1', to: '1-0-0-1' },
      ],
      moved: [], // nobody's dose times change
      origins: [0, null, 1, 2], // what the server remaps with
    });
  });

  it('reports the medicines whose doses move when a used time is edited', () => {
    const plan = planReminderTimes(previous, rows(['09:00', 0], ['14:00', 1], ['20:00', 2]), [aspirin]);
    expect(plan).toMatchObject({
      kind: 'ok',
      remaps: [],
      moved: [{ name: 'Aspirin', from: ['08:00', '14:00'], to: ['09:00', '14:00'] }],
    });
    if (plan.kind === 'ok')
      expect(movedDosesMessage(plan.moved)).toContain('Aspirin: 8:00 AM, 2:00 PM → 9:00 AM, 2:00 PM');
  });

  it('keeps a slot’s medicines when its edited time sorts before another slot', () => {
    // The evening slot becomes 07:00: it sorts first, and Metformin's evening flag follows it.
    const plan = planReminderTimes(previous, rows(['08:00', 0], ['14:00', 1], ['07:00', 2]), [metformin]);
    expect(plan).toMatchObject({
      kind: 'ok',
      times: ['07:00', '08:00', '14:00'],
      remaps: [{ id: 'm', to: '1-1-0' }],
      moved: [{ name: 'Metformin', from: ['08:00', '20:00'], to: ['07:00', '08:00'] }],
      origins: [2, 0, 1],
    });
  });

  it('blocks removing a time a medicine still takes, naming the medicines', () => {
    const plan = planReminderTimes(previous, rows(['08:00', 0], ['20:00', 2]), [aspirin, metformin]);
    expect(plan).toEqual({
      kind: 'blocked',
      message: 'These medicines still take a dose at 2:00 PM: Aspirin. Change their frequency first.',
    });
  });

  it('removes an unused middle time without moving anyone’s doses', () => {
    const plan = planReminderTimes(previous, rows(['08:00', 0], ['20:00', 2]), [metformin]);
    expect(plan).toMatchObject({
      kind: 'ok',
      times: ['08:00', '20:00'],
      remaps: [{ id: 'm', to: '1-1' }],
      moved: [],
      origins: [0, 2],
    });
  });

  it('refuses empty, duplicate or missing times', () => {
    expect(planReminderTimes(previous, [], []).kind).toBe('invalid');
    expect(planReminderTimes(previous, rows(['08:00', 0], ['08:00', null]), []).kind).toBe('invalid');
    expect(planReminderTimes(previous, rows(['', 0]), []).kind).toBe('invalid');
  });
});
