import type { ReminderServer } from './reminder-harness';

/** The dose page of a reminder's link, as the page asks for it (a tRPC query, here through REST). */
export async function dosePage(server: ReminderServer, token: string) {
  const response = await fetch(`${server.baseUrl}/api/push/dose?token=${encodeURIComponent(token)}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export async function pageAction(server: ReminderServer, token: string, action: string, extra: object = {}) {
  const response = await fetch(`${server.baseUrl}/api/push/action`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, action, ...extra }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The action token in a dose page's link. */
export const pageToken = (url: string) => new URL(url, 'https://x.invalid').searchParams.get('token')!;
