import { getHeapStatistics } from 'node:v8';
import { fullCollection } from '../../../lib/full-collection';

/**
 * The embedded default's slack: 24 MiB of growth between collections, about 3,000 staged
 * reminders' garbage (decision 359).
 */
export const EMBEDDED_PREPARE_HEAP_SLACK_BYTES = 24 * 1024 * 1024;

/** The heap as preparation sees it: what it holds now, and a full collection. */
export interface Heap {
  usedBytes(): number;
  /** Makes a full collection; false where the runtime refuses one. */
  collect(): boolean;
}

let collection: (() => void) | undefined | null = null;

/**
 * This thread's V8 heap. `gc` is exposed when first needed, not at start: exposing it sets a V8
 * flag, and a process that never prepares much should run exactly as started.
 */
export const v8Heap: Heap = {
  usedBytes: () => getHeapStatistics().used_heap_size,
  collect: () => {
    if (collection === null) collection = fullCollection();
    collection?.();
    return collection !== undefined;
  },
};

/**
 * Collects preparation's garbage as it goes, on a small machine (decision 359). A page of staged
 * reminders builds its rows, payloads and statements while it waits on the database, so most of it
 * survives the young generation and is promoted; V8 let the old generation grow by ~80 MiB over a
 * 10k preparation before its first full collection, which was the embedded server's peak. After
 * each page, once the heap has grown by `slackBytes` since the last collection, one is made: a
 * mark-compact of the embedded server's heap takes 10–20 ms, once per ~3,000 reminders.
 */
export class PreparationHeap {
  private collectAt = Number.POSITIVE_INFINITY;
  /** Full collections made since start (tests, benchmark). */
  collections = 0;

  constructor(
    private readonly slackBytes: number,
    private readonly heap: Heap = v8Heap,
  ) {}

  /** A run begins: its garbage is counted from the heap as it is now. */
  begin(): void {
    this.collectAt = this.heap.usedBytes() + this.slackBytes;
  }

  /** A page is done: collected once the heap grew past the slack. */
  pageDone(): void {
    if (this.heap.usedBytes() < this.collectAt) return;
    if (this.heap.collect()) this.collections += 1;
    this.collectAt = this.heap.usedBytes() + this.slackBytes;
  }
}
