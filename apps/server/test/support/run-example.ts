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
