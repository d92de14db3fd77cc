/**
 * What a service may log while it serves a request: the request's own logger (its lines carry the
 * request's id), or the process logger outside requests. Handed over, not found through an
 * AsyncLocalStorage: on Node 20 that costs a promise hook on every promise of the process, a third
 * of a small request's CPU (decision 138).
 */
export interface OperationLog {
  warn(message: string): void;
}
