import { describe, expect, it } from 'vitest';
import { type Heap, PreparationHeap } from '../../../src/features/reminders/engine/preparation-heap';

const MiB = 1024 * 1024;

/**
 * A heap that grows by `perPage` with each page, `retainedPerPage` of it live (what preparation
 * keeps), and drops to what is live when collected.
 */
function fakeHeap(startLive: number, perPage: number, collectable = true, retainedPerPage = 0) {
  let live = startLive;
  let used = live;
  const heap: Heap & { page(): void; collected: number } = {
    usedBytes: () => used,
    collect: () => {
      if (!collectable) return false;
      heap.collected += 1;
      used = live;
      return true;
    },
    page: () => {
      used += perPage;
      live += retainedPerPage;
    },
    collected: 0,
  };
  return heap;
}

describe("preparation's garbage (decision 359)", () => {
  it('collects once the heap grew by the slack since the run began, then counts from what is left', () => {
    const heap = fakeHeap(60 * MiB, 10 * MiB, true, 4 * MiB);
    const preparation = new PreparationHeap(24 * MiB, heap);
    preparation.begin();
    const collectedAfter: number[] = [];
    for (let page = 1; page <= 6; page += 1) {
      heap.page();
      preparation.pageDone();
      collectedAfter.push(heap.collected);
    }
    // 70, 80 MiB: within the slack of 84; 90: past it, collected to the 72 still live, so the next
    // limit is 96: 82 and 92 stay within it (a limit kept at 84 would collect at 92), 102 does not.
    expect(collectedAfter).toEqual([0, 0, 1, 1, 1, 2]);
    expect(preparation.collections).toBe(2);
  });

  it('counts from the heap as each run finds it', () => {
    const heap = fakeHeap(60 * MiB, 20 * MiB);
    const preparation = new PreparationHeap(24 * MiB, heap);
    preparation.begin();
    heap.page(); // 80
    preparation.pageDone();
    expect(heap.collected).toBe(0);
    // Between runs the heap grew to 100 MiB (what the first run kept, and the API's work): the next
    // run's slack counts from there, so its first 20 MiB (to 120) are within it again.
    heap.page();
    preparation.begin();
    heap.page();
    preparation.pageDone();
    expect(heap.collected).toBe(0);
  });

  it('does nothing before a run began, or where the runtime offers no collection', () => {
    const heap = fakeHeap(60 * MiB, 100 * MiB);
    const notBegun = new PreparationHeap(24 * MiB, heap);
    heap.page();
    notBegun.pageDone();
    expect(heap.collected).toBe(0);

    const refused = fakeHeap(60 * MiB, 100 * MiB, false);
    const preparation = new PreparationHeap(24 * MiB, refused);
    preparation.begin();
    refused.page();
    expect(() => preparation.pageDone()).not.toThrow();
    expect(preparation.collections).toBe(0);
  });

  it('makes a real collection on this thread', () => {
    const preparation = new PreparationHeap(1);
    preparation.begin();
    const garbage = Array.from({ length: 50_000 }, (_, i) => ({ i, text: `row ${i}` }));
    expect(garbage.length).toBe(50_000);
    preparation.pageDone();
    expect(preparation.collections).toBe(1);
  });
});
