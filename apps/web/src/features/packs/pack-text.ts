import { plural, t } from '@lingui/core/macro';
import type { Pack } from '@medrem/contract';

// Counts as the number itself, not `#`: Lingui writes `#` with digit grouping ('1,200 days').

/** "Expires today", "Expires in 12 days", "Expired 3 days ago", "No expiry given": a pack's state. */
export function expiryText(pack: Pick<Pack, 'expiresOn' | 'daysToExpiry'>): string {
  const days = pack.daysToExpiry;
  const expiresOn = pack.expiresOn;
  if (expiresOn === null || days === null) return t`No expiry given`;
  if (days === 0) return t`Expires today (${expiresOn})`;
  if (days < 0) {
    const ago = -days;
    return t`Expired ${plural(ago, { one: `${ago} day`, other: `${ago} days` })} ago (${expiresOn})`;
  }
  return t`Expires in ${plural(days, { one: `${days} day`, other: `${days} days` })} (${expiresOn})`;
}

/** Within the 30 days the first expiry reminder is sent for (decision 323), or past it. */
export function expiresSoon(pack: Pick<Pack, 'daysToExpiry'>): boolean {
  return pack.daysToExpiry !== null && pack.daysToExpiry <= 30;
}

/** "Batch B1 · serial S1": what tells one pack of a product from another; empty when nothing does. */
export function packIdentity(pack: Pick<Pack, 'batch' | 'serial'>): string {
  const { batch, serial } = pack;
  return [
    batch && t`Batch ${batch}`,
    serial &&
      t({ message: `serial ${serial}`, comment: 'A pack’s serial number: "Batch B1 · serial S1", or alone' }),
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The badge classes of a pack's expiry: red once expired, amber within 30 days. */
export function expiryTone(pack: Pick<Pack, 'daysToExpiry' | 'state'>): string {
  if (pack.state === 'expired') return 'bg-red-100 text-red-800';
  if (expiresSoon(pack)) return 'bg-amber-100 text-amber-900';
  return 'bg-slate-100 text-slate-800';
}
