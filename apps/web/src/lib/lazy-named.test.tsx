import { act, render, screen } from '@testing-library/react';
import { Component, type ReactNode, Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyNamed, retryDelayMs } from './lazy-named';

/** What the route's error boundary does: the page is replaced by an error. */
class RouteBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>Something went wrong</p> : this.props.children;
  }
}

function Notice({ text }: { text: string }) {
  return <p>{text}</p>;
}

/** A chunk that cannot be fetched until `reachable` is set, like an import while offline. */
function flakyChunk() {
  const chunk = { reachable: false, calls: 0 };
  const load = () => {
    chunk.calls += 1;
    return chunk.reachable
      ? Promise.resolve({ Notice })
      : Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
  };
  return { chunk, load };
}

function Page({ children }: { children: ReactNode }) {
  return (
    <RouteBoundary>
      <button type="button">Aspirin, Morning dose taken</button>
      <Suspense fallback={null}>{children}</Suspense>
    </RouteBoundary>
  );
}

/**
 * The page with a notice whose chunk cannot be fetched yet, once that first fetch has failed;
 * `unavailable`: what stands in for it meanwhile.
 */
async function renderUnreachableNotice(text = 'Reminders are off on this device', unavailable?: ReactNode) {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const { chunk, load } = flakyChunk();
  const LazyNotice = lazyNamed(load, 'Notice');
  render(
    <Page>
      <LazyNotice text={text} unavailable={unavailable} />
    </Page>,
  );
  await act(async () => undefined);
  return chunk;
}

describe('lazyNamed', () => {
  it('a chunk that cannot be fetched shows nothing, leaves the page alone, and comes once back online', async () => {
    const chunk = await renderUnreachableNotice();
    expect(screen.queryByText('Something went wrong')).toBeNull();
    expect(screen.getByRole('button', { name: 'Aspirin, Morning dose taken' })).toBeTruthy();
    expect(screen.queryByText('Reminders are off on this device')).toBeNull();

    // Still unreachable: an 'online' that was wrong changes nothing, and it is asked for again later.
    await act(async () => window.dispatchEvent(new Event('online')));
    expect(screen.queryByText('Something went wrong')).toBeNull();
    const before = chunk.calls;
    chunk.reachable = true;
    await act(async () => window.dispatchEvent(new Event('online')));
    expect(chunk.calls).toBe(before + 1);
    expect(await screen.findByText('Reminders are off on this device')).toBeTruthy();
    expect(screen.queryByText('Something went wrong')).toBeNull();
  });

  it('shows what stands in for a piece whose chunk cannot be fetched, and the piece once it can be', async () => {
    const chunk = await renderUnreachableNotice('The simple screen', <p>The whole dashboard</p>);
    expect(await screen.findByText('The whole dashboard')).toBeTruthy();
    expect(screen.queryByText('Something went wrong')).toBeNull();
    chunk.reachable = true;
    await act(async () => window.dispatchEvent(new Event('online')));
    expect(await screen.findByText('The simple screen')).toBeTruthy();
    expect(screen.queryByText('The whole dashboard')).toBeNull();
  });

  it('online but the chunk failed (the network came back late, a server restarting): tried again after a few seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const chunk = await renderUnreachableNotice();
      const before = chunk.calls;
      chunk.reachable = true;
      await act(async () => vi.advanceTimersByTimeAsync(retryDelayMs(1) - 100));
      expect(chunk.calls).toBe(before);
      await act(async () => vi.advanceTimersByTimeAsync(100));
      expect(await screen.findByText('Reminders are off on this device')).toBeTruthy();
      expect(chunk.calls).toBe(before + 1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits longer after each failure, at most 5 minutes', () => {
    expect([1, 2, 3, 10].map(retryDelayMs)).toEqual([5000, 10_000, 20_000, 300_000]);
  });

  it("the component's own errors still reach the route's boundary", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): ReactNode {
      throw new Error('a bug');
    }
    const LazyBroken = lazyNamed(() => Promise.resolve({ Broken }), 'Broken');
    render(
      <Page>
        <LazyBroken />
      </Page>,
    );
    expect(await screen.findByText('Something went wrong')).toBeTruthy();
  });
});
