import { parseArgs } from 'node:util';
import { loadConfig } from '../config/config';
import { EXIT, OperationError, usage } from '../operations/operation-error';

/**
 * Runs one operations command: relative paths and DATA_DIR resolve from the repository root, as for
 * `npm start` (npm runs a workspace's script in the workspace folder, and names the root's folder in
 * INIT_CWD), the outcome
 * printed as sentences, and the exit code of docs' table (operation-error.ts).
 */
export function runCli(
  help: string,
  options: Record<string, { type: 'string' | 'boolean' }>,
  command: (args: {
    values: Record<string, string | boolean | undefined>;
    positionals: string[];
    dataDir: string;
    databaseUrl: string | undefined;
    /** PUBLIC_URL as the server reads it (links an operator hands over). */
    publicUrl: string;
  }) => Promise<string>,
): void {
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const run = async () => {
    let values: Record<string, string | boolean | undefined>;
    let positionals: string[];
    try {
      ({ values, positionals } = parseArgs({
        options: { ...options, 'data-dir': { type: 'string' }, help: { type: 'boolean' } },
        allowPositionals: true,
      }));
    } catch (error) {
      throw usage(`${(error as Error).message}\n\n${help}`);
    }
    if (values.help) return help;
    const dataDir = values['data-dir'];
    const config = loadConfig({
      ...process.env,
      ...(typeof dataDir === 'string' ? { DATA_DIR: dataDir } : {}),
    });
    return command({
      values,
      positionals,
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      publicUrl: config.mail.publicUrl,
    });
  };
  run().then(
    (report) => {
      console.log(report);
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(error instanceof OperationError ? error.exitCode : EXIT.failed);
    },
  );
}
