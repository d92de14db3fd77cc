import { useSyncExternalStore } from 'react';

/** True while the media query matches (used to render the table or the cards, never both). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}

export const WIDE_SCREEN_QUERY = '(min-width: 1024px)';
