import { type ComponentType, lazy } from 'react';

/**
 * React.lazy for a named export: the component's module becomes its own chunk, fetched the first
 * time it renders. `load` is returned too, so the chunk can be fetched ahead (on idle, on intent).
 */
export function lazyNamed<M extends Record<string, unknown>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
) {
  const Component = lazy(async () => ({ default: (await load())[name] as ComponentType<PropsOf<M[K]>> }));
  return Object.assign(Component, { load });
}

type PropsOf<C> = C extends ComponentType<infer P> ? P : never;
