import { expect } from 'vitest';
import { z } from 'zod';

function describeIssues(issues: readonly z.core.$ZodIssue[]): string[] {
  return issues.map((issue) => `${issue.path.map(String).join('.')}: ${issue.message}`);
}

/**
 * Parses a value the schema must accept and returns what the server would work with; a refusal
 * fails the test with the schema's own messages, so the cause is visible at once.
 */
export function accepted<S extends z.core.$ZodType>(schema: S, value: unknown): z.output<S> {
  const result = z.safeParse(schema, value);
  if (!result.success) expect.fail(`refused: ${describeIssues(result.error.issues).join('; ')}`);
  return result.data;
}

/**
 * What a refusal says, one "path: message" per issue, as the API's 400 answer words it (decision
 * 002). Empty when the value is accepted, so `toEqual([...])` also proves nothing else was refused.
 */
export function refusals(schema: z.core.$ZodType, value: unknown): string[] {
  const result = z.safeParse(schema, value);
  return result.success ? [] : describeIssues(result.error.issues);
}

/** A string of this many characters, for length limits. */
export function text(length: number, fill = 'x'): string {
  return fill.repeat(length);
}
