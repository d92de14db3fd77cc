import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * The app server's clock for the suite: 10:00 UTC of today when the run starts, forward or back.
 * The browser runs on a fake clock at 10:00 UTC of today (journey.ts, atTenUtc), where the morning
 * dose has passed, and the server judges by its own clock what a page did: a press time (decision
 * 190: a tick more than the take-early window before the dose is refused, a claimed time is capped
 * at the server's now) and when a medicine was added (decision 187: a dose of its first day before
 * that instant is "Before you added it"). A server hours ahead of the pages made a run after 10:30
 * UTC fail where one before passed (a 10:30 dose added through the form at 13:20 was before its
 * medicine); one behind them refused their ticks. So it runs at the pages' time, set by libfaketime
 * (Debian's `faketime`, installed here when missing); its monotonic clock is left alone: timers and
 * the event loop run as usual. The social sign-in server and the tests' own servers (own-server.ts)
 * are not shifted: the Firebase emulator and the OpenID provider sign tokens with the real time.
 */
export function shiftedServerClockEnv(): Record<string, string> {
  const seconds = Math.round(suiteClockOffsetMs() / 1000);
  if (seconds === 0) return {};
  return {
    LD_PRELOAD: libfaketime(),
    FAKETIME: seconds > 0 ? `+${seconds}` : String(seconds),
    FAKETIME_DONT_FAKE_MONOTONIC: '1',
  };
}

const OFFSET_ENV = 'E2E_SERVER_CLOCK_OFFSET_MS';

/**
 * The app server's offset from the real clock, fixed once per run: the config sets it in the
 * environment before Playwright starts its workers, which inherit it, so a run that passes midnight
 * keeps the day it started on, as the server does.
 */
export function suiteClockOffsetMs(): number {
  const now = Date.now();
  process.env[OFFSET_ENV] ??= String(
    Date.parse(`${new Date(now).toISOString().slice(0, 10)}T10:00:00Z`) - now,
  );
  return Number(process.env[OFFSET_ENV]);
}

/** Now as the suite's app server has it (its clock runs from 10:00 UTC of the run's first day). */
export const suiteNow = (): Date => new Date(Date.now() + suiteClockOffsetMs());

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
