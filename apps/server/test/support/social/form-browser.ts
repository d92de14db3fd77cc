/**
 * Just enough of a browser for the OIDC redirects in API tests: a cookie jar per host, manual
 * redirects, and the provider's development login and consent forms. (Chromium runs the same
 * flow in the web app's E2E suite.)
 */
export class FormBrowser {
  private readonly jars = new Map<string, Map<string, string>>();

  /** `acceptLanguage`: the browser's languages, sent with every request. */
  constructor(private readonly acceptLanguage?: string) {}

  cookie(url: string, name: string): string | undefined {
    return this.jars.get(new URL(url).host)?.get(name);
  }

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const host = new URL(url).host;
    const jar = this.jars.get(host) ?? new Map<string, string>();
    this.jars.set(host, jar);
    const headers = new Headers(init.headers);
    if (jar.size) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    if (this.acceptLanguage) headers.set('accept-language', this.acceptLanguage);
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((a) => /max-age=0|expires=thu, 01 jan 1970/i.test(a.trim()));
      if (!value || expired) jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  }

  /**
   * Follows redirects from `url`, signing in as `login` and consenting on the provider's pages,
   * until a response of `stopAtOrigin` that is not a redirect to another origin; returns that
   * redirect's target (or the final URL).
   */
  async signIn(
    url: string,
    login: string,
    stopAtOrigin: string,
  ): Promise<{ location: string; status: number }> {
    let current = url;
    for (let hop = 0; hop < 20; hop += 1) {
      const response = await this.request(current);
      const location = response.headers.get('location');
      if (location) {
        const next = new URL(location, current).href;
        if (new URL(current).origin === stopAtOrigin && new URL(current).pathname.includes('/callback')) {
          return { location: next, status: response.status };
        }
        current = next;
        continue;
      }
      const html = await response.text();
      if (!response.ok) return { location: current, status: response.status };
      const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      if (!prompt || !action) return { location: current, status: response.status };
      const body = new URLSearchParams({ prompt, ...(prompt === 'login' ? { login, password: 'any' } : {}) });
      const posted = await this.request(new URL(action, current).href, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: body.toString(),
      });
      const after = posted.headers.get('location');
      if (!after) throw new Error(`the provider answered the ${prompt} form with ${posted.status}`);
      current = new URL(after, current).href;
    }
    throw new Error('too many redirects');
  }
}
