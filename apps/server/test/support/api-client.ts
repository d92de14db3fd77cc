/** A small HTTP client for the REST facade, as an external API client would use it. */
export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  /** The raw response text, for checks the parsed body would hide (stack traces). */
  text: string;
  headers: Headers;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  /** Sent as it is (malformed JSON, huge bodies); `content-type` stays application/json unless given. */
  rawBody?: string;
}

export class ApiClient {
  token: string | undefined;
  cookie: string | undefined;

  constructor(readonly baseUrl: string) {}

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    options: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (body !== undefined || options.rawBody !== undefined) headers['content-type'] ??= 'application/json';
    if (this.token && !('authorization' in headers)) headers.authorization = `Bearer ${this.token}`;
    if (this.cookie && !('cookie' in headers)) headers.cookie = this.cookie;
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: options.rawBody ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    const sessionCookie = response.headers.getSetCookie().find((c) => c.startsWith('mr_session='));
    if (sessionCookie) {
      const [pair] = sessionCookie.split(';');
      this.cookie = pair && !pair.endsWith('=') ? pair : undefined;
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON
    }
    return { status: response.status, body: parsed as T, text, headers: response.headers };
  }

  get<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, undefined, options);
  }
  post<T = any>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('POST', path, body, options);
  }
  put<T = any>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('PUT', path, body, options);
  }
  patch<T = any>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('PATCH', path, body, options);
  }
  /** `body`: a DELETE may carry one (deleting the account sends its password there, decision 198). */
  delete<T = any>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('DELETE', path, body, options);
  }

  /** A fresh bearer token from the session cookie (after the clock moved, for instance). */
  async refreshToken(email: string): Promise<string> {
    const jwt = await this.post<{ token: string }>('/jwt', { email });
    if (jwt.status !== 200) throw new Error(`jwt failed: ${JSON.stringify(jwt.body)}`);
    this.token = jwt.body.token;
    return this.token;
  }

  /** Registers, signs in (session cookie) and fetches a bearer token through /jwt. */
  async signUpAndIn(user: {
    name: string;
    email: string;
    password: string;
    timezone?: string;
    locale?: string;
  }) {
    const registered = await this.post('/api/user/register', user);
    if (registered.status !== 201) throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
    const login = await this.post('/api/auth/login', { email: user.email, password: user.password });
    if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
    await this.refreshToken(user.email);
    return login.body.user as { id: string; email: string; name: string };
  }
}

export const aMedicine = (userEmail: string, overrides: Record<string, unknown> = {}) => ({
  userEmail,
  name: 'Aspirin',
  dosage: '500mg',
  frequency: '1-0-1',
  startDate: '2026-11-01',
  durationDays: 30,
  originalDurationDays: 30,
  totalPills: 60,
  pillsPerDose: 1,
  instructions: 'After food',
  ...overrides,
});
