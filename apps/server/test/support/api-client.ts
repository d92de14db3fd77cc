/** A small HTTP client for the REST facade, as an external API client would use it. */
export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export class ApiClient {
  token: string | undefined;
  cookie: string | undefined;

  constructor(readonly baseUrl: string) {}

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    options: { headers?: Record<string, string>; rawBody?: string } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (body !== undefined || options.rawBody !== undefined) headers['content-type'] ??= 'application/json';
    if (this.token && !('authorization' in headers)) headers.authorization = `Bearer ${this.token}`;
    if (this.cookie) headers.cookie = this.cookie;
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: options.rawBody ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) {
      const [pair] = setCookie.split(';');
      this.cookie = pair && !pair.endsWith('=') ? pair : undefined;
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  get<T = any>(path: string) {
    return this.request<T>('GET', path);
  }
  post<T = any>(path: string, body?: unknown) {
    return this.request<T>('POST', path, body);
  }
  put<T = any>(path: string, body?: unknown) {
    return this.request<T>('PUT', path, body);
  }
  patch<T = any>(path: string, body?: unknown) {
    return this.request<T>('PATCH', path, body);
  }
  delete<T = any>(path: string) {
    return this.request<T>('DELETE', path);
  }

  /** Registers, signs in (session cookie) and fetches a bearer token through /jwt. */
  async signUpAndIn(user: { name: string; email: string; password: string; timezone?: string }) {
    const registered = await this.post('/api/user/register', user);
    if (registered.status !== 201) throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
    const login = await this.post('/api/auth/login', { email: user.email, password: user.password });
    if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
    const jwt = await this.post<{ token: string }>('/jwt', { email: user.email });
    if (jwt.status !== 200) throw new Error(`jwt failed: ${JSON.stringify(jwt.body)}`);
    this.token = jwt.body.token;
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
