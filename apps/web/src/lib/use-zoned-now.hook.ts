import { zonedNow, type ZonedNow } from '@medrem/domain';
import { useEffect, useState } from 'react';

const TICK_MS = 30_000;

/**
 * 'Now' as a date and wall-clock time in the user's saved zone (not the browser's), re-read every
 * 30 seconds so that a slot becomes available and 'today' rolls over without a reload.
 */
export function useZonedNow(timeZone: string): ZonedNow {
  const [now, setNow] = useState(() => zonedNow(new Date(), timeZone));
  useEffect(() => {
    setNow(zonedNow(new Date(), timeZone));
    const timer = setInterval(() => setNow(zonedNow(new Date(), timeZone)), TICK_MS);
    return () => clearInterval(timer);
  }, [timeZone]);
  return now;
}
