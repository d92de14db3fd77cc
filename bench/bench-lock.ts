/**
 * One benchmark at a time on this machine. Two runs that overlap share the two cores and both
 * report figures that mean nothing (2026-11-27: a stopped script's parent loop started the next
 * run beside a new one, and two reminder runs measured 40-48 s instead of 9). Every bench's main
 * takes this lock first; a lock whose process is gone (killed before it could remove the file) is
 * taken over.
 */
import { openSync, readFileSync, unlinkSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const LOCK_PATH = path.join(tmpdir(), 'medrem-bench.lock');

/** Set by a benchmark for a child benchmark it runs while holding the lock: the parent's pid. */
export const LOCK_PARENT_ENV = 'MEDREM_BENCH_LOCK_PARENT';

function holderOf(): number | undefined {
  try {
    const pid = Number(readFileSync(LOCK_PATH, 'utf8').split(' ')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the machine's benchmark lock for this process, or throws naming the run that holds it. */
export function holdBenchLock(name: string): void {
  // A benchmark started by another one as its same-run reference (bench:reminders --ceiling) runs
  // under its parent's lock: the parent waits for it and starts nothing beside it.
  const parent = Number(process.env[LOCK_PARENT_ENV]);
  if (parent > 0 && parent === process.ppid && holderOf() === parent) return;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(LOCK_PATH, 'wx');
      writeSync(fd, `${process.pid} ${name} ${new Date().toISOString()}\n`);
      closeSync(fd);
      process.once('exit', () => {
        if (holderOf() === process.pid) unlinkSync(LOCK_PATH);
      });
      // An interrupt ends the run through 'exit', so the lock goes with it.
      for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = holderOf();
      if (holder !== undefined && isRunning(holder)) {
        const what = readFileSync(LOCK_PATH, 'utf8').trim();
        throw new Error(
          `another benchmark is running (${what}); two at once share the cores and measure nothing. ` +
            `Wait for it, or remove ${LOCK_PATH} if that process is not a benchmark.`,
        );
      }
      // Left by a process that is gone: taken over.
      unlinkSync(LOCK_PATH);
    }
  }
  throw new Error(`could not take ${LOCK_PATH}`);
}
