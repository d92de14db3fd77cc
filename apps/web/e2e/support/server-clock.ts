import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * The app server's clock for the suite. The browser runs on a fake clock at 10:00 UTC of today
 * (journey.ts, atTenUtc), where the morning dose has passed. The server judges a dose's press time
 * by its own clock (decision 190: a tick more than the take-early window before the dose is
 * refused, and a device's claimed time is capped at the server's now), so when the suite runs
 * before 10:00 UTC the server would refuse every morning tick the page makes. The server then runs
 * shifted forward to 10:00 UTC by libfaketime (Debian's `faketime`, installed here when missing),
 * so it is never behind the page, as on any run from 10:00 UTC on. Its monotonic clock is left
 * alone: timers and the event loop run as usual. The social sign-in server is not shifted: the
 * Firebase emulator and the OpenID provider sign tokens with the real time.
 */
export function shiftedServerClockEnv(now = Date.now()): Record<string, string> {
  const tenUtc = Date.parse(`${new Date(now).toISOString().slice(0, 10)}T10:00:00Z`);
  const aheadSeconds = Math.ceil((tenUtc - now) / 1000);
  if (aheadSeconds <= 0) return {};
  return {
    LD_PRELOAD: libfaketime(),
    FAKETIME: `+${aheadSeconds}`,
    FAKETIME_DONT_FAKE_MONOTONIC: '1',
  };
}

const CANDIDATES = [
  '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1',
  '/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1',
  '/usr/lib/faketime/libfaketime.so.1',
];

function libfaketime(): string {
  const found = () => CANDIDATES.find((path) => existsSync(path));
  const present = found();
  if (present) return present;
  console.log("libfaketime is missing: installing Debian's faketime with apt-get…");
  execSync('(apt-get install -y faketime || (apt-get update && apt-get install -y faketime))', {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  const installed = found();
  if (!installed) throw new Error('faketime was installed but libfaketime.so.1 is not where expected');
  return installed;
}
