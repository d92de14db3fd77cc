import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
/** packages/sdk/examples/<name>: the runnable examples the README points to. */
export const examplePath = (name: string) => path.join(root, 'packages/sdk/examples', name);

export interface ExampleRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs an example as a reader would (`npx tsx <file>`), with only the environment given. */
export function runExample(name: string, args: string[], env: Record<string, string>): Promise<ExampleRun> {
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), [examplePath(name), ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', TZ: 'UTC', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

export interface RunningExample {
  /** Every line it printed so far, parsed as JSON where it is. */
  lines: unknown[];
  /** Resolves with the first printed line (parsed) that `match` accepts. */
  waitFor(match: (line: unknown) => boolean): Promise<unknown>;
  stop(): void;
}

/** Starts a long-running example (a server) and follows what it prints, one JSON line at a time. */
export function startExample(name: string, env: Record<string, string>): RunningExample {
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), [examplePath(name)], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
  });
  const lines: unknown[] = [];
  const waiting: { match: (line: unknown) => boolean; resolve: (line: unknown) => void }[] = [];
  let rest = '';
  child.stdout.on('data', (chunk: Buffer) => {
    const parts = (rest + chunk.toString()).split('\n');
    rest = parts.pop() ?? '';
    for (const part of parts) {
      let line: unknown = part;
      try {
        line = JSON.parse(part);
      } catch {
        // a plain line
      }
      lines.push(line);
      for (const waiter of waiting.filter((w) => w.match(line))) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
  });
  return {
    lines,
    waitFor: (match) => {
      const seen = lines.find(match);
      return seen !== undefined
        ? Promise.resolve(seen)
        : new Promise((resolve) => waiting.push({ match, resolve }));
    },
    stop: () => child.kill('SIGTERM'),
  };
}
