import { describe, expect, it } from 'vitest';
import { systemContract } from '../src/system.contract';
import { accepted, refusals } from './support/parse';

describe('system.health (GET /api/health)', () => {
  it('needs no input', () => {
    expect(systemContract.health.input.safeParse(undefined).success).toBe(true);
  });

  it('answers status ok and how mail leaves, and nothing else (decision 221)', () => {
    for (const mail of ['smtp', 'files', 'failing'] as const) {
      expect(accepted(systemContract.health.output, { status: 'ok', mail })).toEqual({ status: 'ok', mail });
    }
    expect(refusals(systemContract.health.output, { status: 'starting', mail: 'smtp' })[0]).toMatch(
      /^status: /,
    );
    // Coarse on purpose: no other state, and never a count.
    expect(refusals(systemContract.health.output, { status: 'ok', mail: 'pending' })[0]).toMatch(/^mail: /);
    expect(refusals(systemContract.health.output, { status: 'ok' })[0]).toMatch(/^mail: /);
  });
});
