import type { ProcedureMeta } from '@medrem/contract';

type JsonObject = Record<string, unknown>;

/**
 * The contract's example of a call (decision 273) split as the request carries it: path and query
 * fields onto their parameters, the rest into the JSON body's example.
 */
export function applyExample(operation: JsonObject, meta: ProcedureMeta | undefined): void {
  const example = meta?.example as JsonObject | undefined;
  if (!example) return;
  const parameters = (operation.parameters ?? []) as JsonObject[];
  for (const parameter of parameters) {
    const value = example[String(parameter.name)];
    if (value !== undefined) parameter.example = value;
  }
  const media = (operation.requestBody as { content?: Record<string, JsonObject> } | undefined)?.content?.[
    'application/json'
  ];
  if (!media) return;
  const inParameters = new Set(parameters.map((p) => String(p.name)));
  media.example = Object.fromEntries(Object.entries(example).filter(([name]) => !inParameters.has(name)));
}
