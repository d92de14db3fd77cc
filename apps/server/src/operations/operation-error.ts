/** How a command line ends (`echo $?`): scripts can tell a refusal from damage from a crash. */
export const EXIT = {
  /** Something failed underneath (a disk, the database server): the message says what. */
  failed: 1,
  /** The command was called wrongly (missing or unknown option). */
  usage: 2,
  /** The installation is not in the state the command needs (in use, not empty, wrong mode). */
  refused: 3,
  /** The backup file is not a backup, is truncated, or does not match its own checksums. */
  damaged: 4,
} as const;

/** A failure an operator can act on: one sentence that says what to do, and the exit code. */
export class OperationError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.failed,
  ) {
    super(message);
    this.name = 'OperationError';
  }
}

export const refused = (message: string) => new OperationError(message, EXIT.refused);
export const damaged = (message: string) => new OperationError(message, EXIT.damaged);
export const usage = (message: string) => new OperationError(message, EXIT.usage);
