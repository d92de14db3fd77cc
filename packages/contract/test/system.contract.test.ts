import { describe, expect, it } from 'vitest';
import { systemContract } from '../src/system.contract';
import { accepted, refusals } from './support/parse';

describe('system.health (GET /api/health)', () => {
  it('needs no input', () => {
    expect(systemContract.health.input.safeParse(undefined).success).toBe(true);
  });

  it('answers {"status":"ok"} and nothing else', () => {
    expect(accepted(systemContract.health.output, { status: 'ok' })).toEqual({ status: 'ok' });
    expect(refusals(systemContract.health.output, { status: 'starting' })[0]).toMatch(/^status: /);
  });
});
