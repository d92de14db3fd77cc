import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { fullCollection } from '../../src/lib/full-collection';

describe('fullCollection', () => {
  it('collects what nothing refers to, in a process started without --expose-gc', async () => {
    // Vitest does not start its workers with --expose-gc: the function is exposed at run time.
    expect(process.execArgv).not.toContain('--expose-gc');
    const collect = fullCollection();
    expect(collect).toBeTypeOf('function');

    let kept: object | undefined = { payload: 'x'.repeat(1000) };
    const ref = new WeakRef(kept);
    kept = undefined;
    // A WeakRef's target stays alive until the end of the job that made or read it.
    await nextTurn();
    collect!();
    await nextTurn();
    expect(ref.deref()).toBeUndefined();
  });
});
