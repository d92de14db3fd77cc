import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** What the keyboard reached: its name, and whether it could be seen (2.4.11). */
export interface FocusStop {
  name: string;
  /** Why it counts as obscured, or null when its centre shows it. */
  obscured: string | null;
}

/**
 * The focused element, and whether it can be seen (2.4.11 Focus Not Obscured): inside the viewport,
 * and at its centre the element itself (or something inside it, or its label for a control drawn by
 * its label) is on top, not the sticky top bar, the add button or a toast.
 */
export function focusStop(page: Page): Promise<FocusStop | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const name = (
      el.getAttribute('aria-label') ??
      (el as HTMLInputElement).labels?.[0]?.textContent ??
      el.textContent ??
      ''
    )
      .trim()
      .slice(0, 60);
    const tag = `${el.tagName.toLowerCase()} "${name}"`;
    // A control drawn by its label (a visually hidden checkbox) is seen where its label is.
    let box = el.getBoundingClientRect();
    const label = (el as HTMLInputElement).labels?.[0] ?? null;
    if ((box.width < 2 || box.height < 2) && label) box = label.getBoundingClientRect();
    if (box.width < 1 || box.height < 1) return { name: tag, obscured: 'it has no size' };
    if (box.bottom <= 0 || box.top >= innerHeight || box.right <= 0 || box.left >= innerWidth) {
      return {
        name: tag,
        obscured: `outside the viewport (${Math.round(box.top)}, ${Math.round(box.left)})`,
      };
    }
    const x = Math.min(Math.max(box.left + box.width / 2, 0), innerWidth - 1);
    const y = Math.min(Math.max(box.top + box.height / 2, 0), innerHeight - 1);
    const top = document.elementFromPoint(x, y);
    const shows = !!top && (el.contains(top) || top.contains(el) || !!label?.contains(top));
    const by = top ? `${top.tagName.toLowerCase()}.${String(top.className).slice(0, 60)}` : 'nothing';
    return { name: tag, obscured: shows ? null : `covered by ${by}` };
  });
}

/**
 * Tabs through a freshly loaded page from its top, up to `limit` presses, and answers every stop
 * with whether it was seen; it ends where focus leaves the page or comes back to where it began.
 */
export async function walkWithTab(page: Page, limit = 200): Promise<FocusStop[]> {
  const stops: FocusStop[] = [];
  let first: string | null = null;
  for (let press = 0; press < limit; press++) {
    await page.keyboard.press('Tab');
    const stop = await focusStop(page);
    if (!stop) break;
    const id = await page.evaluate(() => {
      const el = document.activeElement!;
      el.setAttribute('data-walked', el.getAttribute('data-walked') ?? String(Math.random()));
      return el.getAttribute('data-walked');
    });
    if (id === first) break;
    first ??= id;
    stops.push(stop);
  }
  return stops;
}

/** Presses Tab until the focused element's accessible name matches, and fails if none does. */
export async function tabTo(page: Page, name: RegExp, limit = 120): Promise<void> {
  for (let press = 0; press < limit; press++) {
    await page.keyboard.press('Tab');
    const reached = await page.evaluate(
      ({ source, flags }) => {
        const el = document.activeElement as HTMLInputElement | null;
        if (!el || el === document.body) return false;
        const label = el.getAttribute('aria-label') ?? el.labels?.[0]?.textContent ?? el.textContent ?? '';
        return new RegExp(source, flags).test(label.trim());
      },
      { source: name.source, flags: name.flags },
    );
    if (reached) return;
  }
  expect(null, `Tab never reached ${name}`).not.toBeNull();
}
