import { addDays, daysBetween } from './dates';

/**
 * Packs on hand and their expiry (issue 58, decisions 322 and 323). A pack's pills were added to the
 * medicine's supply as a refill; the supply (pills left) stays the one figure doses count down, and
 * these rules say which packs those pills are in.
 */
export interface StockPack {
  id: string;
  /** The last day it may be used (YYYY-MM-DD); null when the pack did not say. */
  expiresOn: string | null;
  /** The pills it held when added. */
  pills: number;
  addedAt: Date;
  /** Its place in the order packs were added: of two added in the same millisecond, the first is lower. */
  addedOrder: number;
}

/** Days before a pack's expiry that it is reminded of: 30, 7 and the day itself. */
export const EXPIRY_REMINDER_DAYS = [30, 7, 0] as const;
export type ExpiryReminderStage = (typeof EXPIRY_REMINDER_DAYS)[number];

/**
 * The order packs are used in: first-expiring first (FEFO), a pack without an expiry after those
 * with one, and of the same expiry the one added first.
 */
export function compareUseOrder(a: StockPack, b: StockPack): number {
  if (a.expiresOn !== b.expiresOn) {
    if (a.expiresOn === null) return 1;
    if (b.expiresOn === null) return -1;
    return a.expiresOn < b.expiresOn ? -1 : 1;
  }
  return a.addedAt.getTime() - b.addedAt.getTime() || a.addedOrder - b.addedOrder;
}

export interface PackStock {
  /** Pills left in each pack on hand, by pack id. */
  pillsLeft: Map<string, number>;
  /** Pills of the supply in no recorded pack (the supply entered, a refill without a pack). */
  loosePills: number;
}

/**
 * Which packs the supply's pills are in, counting them used first-expiring-first (decision 322):
 * the pills used so far came out of the packs used first, so the pills left are in the packs used
 * last. Loose pills (from before any pack was recorded) are counted as used before any pack: they
 * are the older stock. Each pack holds at most what it held when added.
 */
export function packStock(onHand: readonly StockPack[], supplyPillsLeft: number): PackStock {
  const pillsLeft = new Map<string, number>();
  let remaining = Math.max(supplyPillsLeft, 0);
  const lastUsedFirst = [...onHand].sort(compareUseOrder).reverse();
  for (const pack of lastUsedFirst) {
    const inPack = Math.min(pack.pills, remaining);
    pillsLeft.set(pack.id, inPack);
    remaining -= inPack;
  }
  return { pillsLeft, loosePills: remaining };
}

/** Days from `today` to the expiry: 0 on the day, negative once past, null without an expiry. */
export function daysToExpiry(expiresOn: string | null, today: string): number | null {
  return expiresOn === null ? null : daysBetween(today, expiresOn);
}

/** A pack expires at the end of its expiry day: it may still be used on that day. */
export function isExpired(expiresOn: string | null, today: string): boolean {
  return expiresOn !== null && expiresOn < today;
}

/**
 * How many days after a stage begins its reminder may still go out, when it was not sent on the day
 * (the server was down, the pack was added late). Below the 8 days reminder_deliveries keeps its
 * dedupe keys, so a reminder caught up is still sent once.
 */
export const EXPIRY_CATCH_UP_DAYS = 6;

/**
 * The expiry reminder a pack is due on `today` (decision 323): 30 from 30 days before its expiry
 * (caught up until 24 days before), 7 from 7 days before to the day before, 0 on the day itself.
 * None after the expiry day, and none for a stage whose catch-up days have passed.
 */
export function expiryReminderStage(expiresOn: string | null, today: string): ExpiryReminderStage | null {
  const days = daysToExpiry(expiresOn, today);
  if (days === null) return null;
  for (const stage of EXPIRY_REMINDER_DAYS) {
    if (days <= stage && days >= stage - EXPIRY_CATCH_UP_DAYS && (stage === 0 ? days === 0 : days > 0)) {
      return stage;
    }
  }
  return null;
}

/** The first day on or after `from` a pack's stage begins: when its next reminder is due. */
export function nextExpiryReminderDay(expiresOn: string | null, from: string): string | null {
  if (expiresOn === null) return null;
  for (const before of EXPIRY_REMINDER_DAYS) {
    const day = addDays(expiresOn, -before);
    if (day >= from) return day;
  }
  return null;
}

/** The day the supply runs out at its daily use: null when nothing is used a day. */
export function runsOutOn(today: string, daysLeft: number, pillsPerDay: number): string | null {
  return pillsPerDay > 0 ? addDays(today, daysLeft) : null;
}
