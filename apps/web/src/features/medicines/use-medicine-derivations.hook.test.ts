import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useMedicineDerivations } from './use-medicine-derivations.hook';

const defaults = ['08:00', '14:00', '20:00'];

describe('useMedicineDerivations (add form)', () => {
  it('maps digit i of the frequency to default time i', () => {
    const { result } = renderHook(() => useMedicineDerivations('1-0-1', 10, defaults));
    expect(result.current).toMatchObject({
      scheduledTimes: ['08:00', '20:00'],
      dosesPerDay: 2,
      originalTotalPills: 20,
    });
  });

  it('recomputes when frequency or total duration change', () => {
    const { result, rerender } = renderHook(({ f, d }) => useMedicineDerivations(f, d, defaults), {
      initialProps: { f: '1-1-1', d: 7 },
    });
    expect(result.current.originalTotalPills).toBe(21);
    rerender({ f: '0-1-0', d: 7 });
    expect(result.current).toMatchObject({
      scheduledTimes: ['14:00'],
      dosesPerDay: 1,
      originalTotalPills: 7,
    });
    rerender({ f: '0-1-0', d: 30 });
    expect(result.current.originalTotalPills).toBe(30);
  });

  it('yields no times for an empty or all-zero frequency (the submit warning case)', () => {
    expect(renderHook(() => useMedicineDerivations('', 10, defaults)).result.current.scheduledTimes).toEqual(
      [],
    );
    expect(
      renderHook(() => useMedicineDerivations('0-0-0', 10, defaults)).result.current.scheduledTimes,
    ).toEqual([]);
  });

  it('treats an empty duration (NaN from the number input) as 0 and reports doses without a time', () => {
    const { result } = renderHook(() => useMedicineDerivations('1-0-0-1', Number.NaN, defaults));
    expect(result.current).toMatchObject({
      scheduledTimes: ['08:00'],
      originalTotalPills: 0,
      slotsWithoutTime: [3],
    });
  });
});

describe('pills for the whole course (decision 186)', () => {
  it('counts a taper’s doses at their step’s pills: 8, 6 and 4 for 3 days each make 54, not 9', () => {
    const schedule = {
      kind: 'taper' as const,
      steps: [
        { days: 3, dose: '40 mg', pillsPerDose: 8 },
        { days: 3, dose: '30 mg', pillsPerDose: 6 },
        { days: 3, dose: '20 mg', pillsPerDose: 4 },
      ],
    };
    const course = { schedule, pillsPerDose: 1, startDate: '2026-12-01' };
    const { result } = renderHook(() => useMedicineDerivations('1-0-0', 9, defaults, course));
    expect(result.current.originalTotalPills).toBe(54);
  });

  it('counts the pills a dose: 2 a dose twice a day for 10 days is 40', () => {
    const course = { schedule: null, pillsPerDose: 2, startDate: '2026-12-01' };
    const { result } = renderHook(() => useMedicineDerivations('1-0-1', 10, defaults, course));
    expect(result.current.originalTotalPills).toBe(40);
  });
});
