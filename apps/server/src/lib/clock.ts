/** The only source of "now" for services and workers, so tests can move time. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests set by hand. */
export class ManualClock implements Clock {
  constructor(private current: Date) {}
  now(): Date {
    return new Date(this.current);
  }
  set(instant: Date | string): void {
    this.current = new Date(instant);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}
