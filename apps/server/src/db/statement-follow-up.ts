import type { SQL } from 'drizzle-orm';

/**
 * What another feature writes together with a write made in one statement (decision 136): given
 * the condition "the write happened" (an SQL boolean), the data-modifying statements to run as
 * common table expressions of the same statement. They commit with the write or not at all, and a
 * statement that fails (a unique key already taken) undoes the write with it.
 */
export type StatementFollowUp = (written: SQL) => SQL[];
