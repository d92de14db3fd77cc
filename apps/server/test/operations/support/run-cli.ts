import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs one of src/cli/*.cli.ts as `npm run <name>` would (tsx), with its own environment. */
export function runCli(
  name: 'backup' | 'restore' | 'migrate-to-postgres' | 'reset-password' | 'admin',
  args: string[],
  env: Record<string, string>,
) {
  // The operator's shell, minus what would point the command elsewhere.
  const { DATABASE_URL: _url, INIT_CWD: _cwd, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', `src/cli/${name}.cli.ts`, ...args], {
    cwd: serverDir,
    env: { ...inherited, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<CliRun>((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}
