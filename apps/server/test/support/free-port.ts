import { createServer } from 'node:net';

/** A loopback TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Polls `check` until it holds or `ms` pass; a fault test waits for states, never for durations. */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  ms: number,
  every = 50,
): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, every));
  }
  return check();
}
