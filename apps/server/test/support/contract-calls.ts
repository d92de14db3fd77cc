import { type ProcedureDefinition, contract } from '@medrem/contract';
import type { z } from 'zod';

export type AnyDefinition = ProcedureDefinition<z.ZodType, z.ZodType>;

export interface ContractCall {
  /** The tRPC path, e.g. "medicine.get". */
  key: string;
  definition: AnyDefinition;
}

/**
 * Every request/response call of the contract, so that tables built on it cannot forget a new one.
 * The live stream (a subscription, tRPC only) has its own tests.
 */
export const contractCalls: ContractCall[] = Object.entries(contract)
  .flatMap(([feature, procedures]) =>
    Object.entries(procedures as Record<string, AnyDefinition>).map(([name, definition]) => ({
      key: `${feature}.${name}`,
      definition,
    })),
  )
  .filter(({ definition }) => definition.meta.openapi.enabled !== false);

export function definitionOf(key: string): AnyDefinition {
  const found = contractCalls.find((call) => call.key === key);
  if (!found) throw new Error(`${key} is not a call of the contract`);
  return found.definition;
}

/** The call's REST method and URL: its path template filled in, plus the query string. */
export function restRequest(
  key: string,
  params: Record<string, string> = {},
  query?: Record<string, string>,
): { method: string; url: string } {
  const { method, path } = definitionOf(key).meta.openapi;
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${key}: no value for {${name}}`);
    return value;
  });
  const search = query && Object.keys(query).length > 0 ? `?${new URLSearchParams(query).toString()}` : '';
  return { method, url: `${filled}${search}` };
}
