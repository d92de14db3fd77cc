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

/**
 * Tailwind's `lg` (64rem): in rem, like the CSS breakpoints, so a larger text size set in the
 * browser gets the cards at widths where the table's columns would no longer fit (decision 363).
 */
export const WIDE_SCREEN_QUERY = '(min-width: 64rem)';
