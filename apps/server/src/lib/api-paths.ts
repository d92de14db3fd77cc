/** The path prefixes the API answers on; everything else is the web app (files and page URLs). */
const API_PATH = /^\/(api|trpc|jwt)(\/|\?|$)/;

/** Whether a request URL (path with or without its query) is an API call. */
export function isApiPath(url: string): boolean {
  return API_PATH.test(url);
}
