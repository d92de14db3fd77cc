/**
 * The simple screen's buttons (issue 54): at least 64 px tall at any text size (4.5rem is 76 px at
 * the app's 17 px), full width on a phone, ink on paper or paper on ink (the screen's own colours,
 * styles.css `.simple-screen`: black and white, 21:1), a border that stays in forced colours.
 */
const base =
  'inline-flex min-h-18 w-full items-center justify-center gap-3 rounded-xl border-4 border-(--simple-ink) px-6 py-3 text-center font-bold sm:w-auto sm:min-w-64 disabled:cursor-wait';

export const simpleButtonClass = {
  primary: `${base} bg-(--simple-ink) text-(--simple-paper)`,
  secondary: `${base} bg-(--simple-paper) text-(--simple-ink)`,
} as const;
