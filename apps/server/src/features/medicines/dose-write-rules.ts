import { badRequest } from '../../lib/app-error';

// The rules of recording a dose, whoever records it (a tick, a notification's button).
export function assertNotFuture(date: string, today: string): void {
  if (date > today) throw badRequest('You cannot record doses for a future date.');
}

/** The flags of a day with only `slot` set. */
export function slotFlags(slots: number, slot: number): number[] {
  return Array.from({ length: slots }, (_, i) => (i === slot ? 1 : 0));
}

export function assertScheduled(schedule: number[], flags: number[]): void {
  if (flags.some((flag, slot) => flag === 1 && schedule[slot] !== 1)) {
    throw badRequest('Only doses this medicine is scheduled for can be marked taken.');
  }
}
