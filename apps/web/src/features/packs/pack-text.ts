import type { Pack } from '@medrem/contract';

/** "Expires today", "Expires in 12 days", "Expired 3 days ago", "No expiry given": a pack's state. */
export function expiryText(pack: Pick<Pack, 'expiresOn' | 'daysToExpiry'>): string {
  const days = pack.daysToExpiry;
  if (pack.expiresOn === null || days === null) return 'No expiry given';
  if (days === 0) return `Expires today (${pack.expiresOn})`;
  if (days < 0) return `Expired ${-days} ${-days === 1 ? 'day' : 'days'} ago (${pack.expiresOn})`;
  return `Expires in ${days} ${days === 1 ? 'day' : 'days'} (${pack.expiresOn})`;
}

/** Within the 30 days the first expiry reminder is sent for (decision 323), or past it. */
export function expiresSoon(pack: Pick<Pack, 'daysToExpiry'>): boolean {
  return pack.daysToExpiry !== null && pack.daysToExpiry <= 30;
}

/** "Batch B1 · serial S1": what tells one pack of a product from another; empty when nothing does. */
export function packIdentity(pack: Pick<Pack, 'batch' | 'serial'>): string {
  return [pack.batch && `Batch ${pack.batch}`, pack.serial && `serial ${pack.serial}`]
    .filter(Boolean)
    .join(' · ');
}

/** The badge classes of a pack's expiry: red once expired, amber within 30 days. */
export function expiryTone(pack: Pick<Pack, 'daysToExpiry' | 'state'>): string {
  if (pack.state === 'expired') return 'bg-red-100 text-red-800';
  if (expiresSoon(pack)) return 'bg-amber-100 text-amber-900';
  return 'bg-slate-100 text-slate-800';
}
