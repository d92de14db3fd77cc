import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config';
import { defaultDatabasePoolSize } from '../../src/db/pool-size';

/** DATABASE_POOL_SIZE (decision 157): twice the cores by default, between 4 and 20; the variable wins. */
describe('DATABASE_POOL_SIZE', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/medrem-config-test' };
  const poolSize = (env: Record<string, string>) => loadConfig({ ...base, ...env }).databasePoolSize;

  it('defaults to twice the cores, never under 4 nor over 20', () => {
    expect([1, 2, 3, 8, 10, 64].map((cores) => defaultDatabasePoolSize(cores))).toEqual([
      4, 4, 6, 16, 20, 20,
    ]);
    expect(poolSize({})).toBe(defaultDatabasePoolSize(availableParallelism()));
  });

  it('is the variable when set, and refused out of 1–200 with the setting named', () => {
    expect(poolSize({ DATABASE_POOL_SIZE: '10' })).toBe(10);
    expect(() => poolSize({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => poolSize({ DATABASE_POOL_SIZE: 'many' })).toThrow(/DATABASE_POOL_SIZE/);
  });
});
