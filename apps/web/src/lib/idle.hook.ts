import { useEffect, useState } from 'react';
import { onIdle } from './on-idle';

/**
 * False until the browser is first idle after the component mounted (lib/on-idle.ts: at the latest
 * after `timeoutMs`), then true: for what the first screen does not need and should not compete
 * with (decision 061: the service worker's registration, push, the outbox sender).
 */
export function useIdle(timeoutMs?: number): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => onIdle(() => setIdle(true), timeoutMs), [timeoutMs]);
  return idle;
}
