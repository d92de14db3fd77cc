import { zonedNow, type ZonedNow } from '@medrem/domain';
import { useEffect, useState } from 'react';
import { serverClock } from './server-clock';

const TICK_MS = 30_000;

/**
 * 'Now' (the server's, so a skewed device clock shows the right day) as a date and wall-clock time
 * in the user's saved zone (not the browser's), re-read every
 * 30 seconds so that a slot becomes available and 'today' rolls over without a reload.
 */
export function useZonedNow(timeZone: string): ZonedNow {
  const [now, setNow] = useState(() => zonedNow(serverClock.now(), timeZone));
  useEffect(() => {
    setNow(zonedNow(serverClock.now(), timeZone));
    const timer = setInterval(() => setNow(zonedNow(serverClock.now(), timeZone)), TICK_MS);
    return () => clearInterval(timer);
  }, [timeZone]);
  return now;
}
