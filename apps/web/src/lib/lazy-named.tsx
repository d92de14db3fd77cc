import {
  Component,
  type ComponentType,
  type ReactNode,
  createElement,
  lazy,
  useSyncExternalStore,
} from 'react';

/** A chunk that could not be fetched (offline, or gone after a new deploy): not a bug in the component. */
class ChunkUnavailable extends Error {
  override name = 'ChunkUnavailable';
}

/**
 * Catches only ChunkUnavailable: the piece shows nothing (or what stands in for it) instead of the
 * route's error page in place of the whole app. Any other error is the component's own and goes on
 * to the route's boundary.
 */
class UnavailableBoundary extends Component<
  { children: ReactNode; unavailable?: ReactNode },
  { unavailable: boolean }
> {
  override state = { unavailable: false };

  static getDerivedStateFromError(error: unknown): { unavailable: boolean } {
    if (error instanceof ChunkUnavailable) return { unavailable: true };
    throw error;
  }

  override componentDidCatch(error: unknown): void {
    if (error instanceof ChunkUnavailable)
      console.warn(
        'A part of the page could not be loaded; it is asked for again once back online',
        error.cause,
      );
  }

  override render(): ReactNode {
    return this.state.unavailable ? (this.props.unavailable ?? null) : this.props.children;
  }
}

/**
 * React.lazy for a named export: the component's module becomes its own chunk, fetched the first
 * time it renders. `load` is returned too, so the chunk can be fetched ahead (on idle, on intent).
 *
 * A chunk that cannot be fetched renders nothing rather than throwing to the route (decision 215):
 * a notice or a panel first shown after the connection dropped must not replace the dashboard with
 * an error page. It is asked for again when the browser is back online, and while it says it is
 * online after a few seconds, then less and less often (the network can come back a moment after
 * the 'online' event, and a server may be restarting). Never at the next render: React renders a
 * failed piece again at once, and a fresh request on each of those renders would never end.
 */
export function lazyNamed<M extends Record<string, unknown>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
) {
  const listeners = new Set<() => void>();
  let attempt = 0;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const retry = () => {
    clearTimeout(timer);
    window.removeEventListener('online', retry);
    Current = fresh();
    attempt += 1;
    listeners.forEach((listener) => listener());
  };
  const fresh = () =>
    lazy(async () => {
      try {
        // Typed loosely inside; LazyNamed's own signature gives callers the component's props.
        const component = (await load())[name] as ComponentType<object>;
        failures = 0;
        return { default: component };
      } catch (error) {
        failures += 1;
        // One listener however many renders failed: the same function is added once.
        window.addEventListener('online', retry, { once: true });
        clearTimeout(timer);
        if (navigator.onLine) timer = setTimeout(retry, retryDelayMs(failures));
        throw new ChunkUnavailable(`Could not load ${name}`, { cause: error });
      }
    });
  let Current = fresh();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };

  /** `unavailable`: what shows while the chunk cannot be fetched (nothing when absent). */
  function LazyNamed({ unavailable, ...props }: PropsOf<M[K]> & { unavailable?: ReactNode }) {
    const key = useSyncExternalStore(subscribe, () => attempt);
    return (
      <UnavailableBoundary key={key} unavailable={unavailable}>
        {createElement(Current, props as object)}
      </UnavailableBoundary>
    );
  }
  LazyNamed.displayName = `Lazy(${name})`;
  return Object.assign(LazyNamed, { load });
}

/** 5 s after the first failure while online, doubling up to 5 minutes. */
export function retryDelayMs(failures: number): number {
  return Math.min(5000 * 2 ** (failures - 1), 300_000);
}

type PropsOf<C> = C extends ComponentType<infer P> ? P : never;
