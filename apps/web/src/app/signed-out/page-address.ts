/**
 * Where the signed-out first paint is: passed in, never read from `window` while rendering, so the
 * same components render at build time (decision 058) and in the browser.
 */
export interface PageAddress {
  pathname: string;
  search: string;
}

/** The browser's current address. */
export const currentAddress = (): PageAddress => ({
  pathname: window.location.pathname,
  search: window.location.search,
});
