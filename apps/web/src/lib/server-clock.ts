/**
 * 'Now' as the server sees it. A device clock hours ahead or behind would otherwise make the
 * dashboard show another day, whose doses the server then refuses to record (issue 8). Every API
 * answer carries the server's `Date` header; the offset from this device's clock is learnt from it.
 * Tokens need nothing of this: their freshness is judged by the server alone (a 401 refreshes).
 */

/** Below this, a difference is the header's one-second resolution and the round trip, not skew. */
const SKEW_THRESHOLD_MS = 60_000;

let offsetMs = 0;

export const serverClock = {
  /** The server's current time, estimated from its last answer. */
  now(): Date {
    return new Date(Date.now() + offsetMs);
  },
  offsetMs(): number {
    return offsetMs;
  },
  /**
   * Learns the offset from an answer's `Date` header, sent between `sentAt` and `receivedAt` (this
   * device's clock). The header is truncated to the second, so half a second is added back.
   */
  observe(dateHeader: string | null, sentAt: number, receivedAt: number): void {
    const serverMs = dateHeader ? Date.parse(dateHeader) : Number.NaN;
    if (Number.isNaN(serverMs)) return;
    const difference = serverMs + 500 - (sentAt + receivedAt) / 2;
    offsetMs = Math.abs(difference) >= SKEW_THRESHOLD_MS ? difference : 0;
  },
  /** Tests: forget what was learnt. */
  reset(): void {
    offsetMs = 0;
  },
};

/** fetch that teaches serverClock from every answer; for the tRPC links. */
export const clockedFetch: typeof fetch = async (input, init) => {
  const sentAt = Date.now();
  const response = await fetch(input, init);
  serverClock.observe(response.headers.get('date'), sentAt, Date.now());
  return response;
};
