import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * V8's full collection, for the calling thread: `gc` as the process was started with
 * `--expose-gc` (the benchmarks), or else exposed now. The flag only adds `gc` to contexts made
 * after it is set, so one is made for it; it changes nothing in a running heap. Undefined if
 * refused. For a thread that knows it left garbage V8 has no reason to collect (decision 161).
 */
export function fullCollection(): (() => void) | undefined {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (typeof exposed === 'function') return exposed;
  try {
    setFlagsFromString('--expose-gc');
    return runInNewContext('gc') as () => void;
  } catch {
    return undefined;
  }
}
