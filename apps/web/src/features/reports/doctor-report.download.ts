import { t } from '@lingui/core/macro';
import type { DoctorReportFormat } from '@medrem/contract';
import { accessTokenStorage } from '../../lib/access-token.storage';
import { clockedFetch } from '../../lib/server-clock';
import { SessionLostError, refreshAccessToken } from '../../lib/token-refresh';
import { sessionIdentity } from '../../lib/session-identity';

export interface DoctorReportRequest {
  email: string;
  format: DoctorReportFormat;
  from: string;
  to: string;
  /** Journal types to include (issue 56): built-in kinds or own types' ids. */
  measurements?: string[];
  /** The range's symptoms too. */
  symptoms?: boolean;
}

/**
 * Fetches a report file with the bearer token and hands it to the browser as a download (a link to
 * a blob URL): a plain link could not carry the token (decision 101). A 401 gets a fresh token from
 * the session once, as every tRPC call does (auth-token.link.ts). Resolves with the file name.
 */
export async function downloadDoctorReport(request: DoctorReportRequest): Promise<string> {
  const url =
    `/api/report/${encodeURIComponent(request.email)}/doctor/${request.format}` +
    `?from=${encodeURIComponent(request.from)}&to=${encodeURIComponent(request.to)}` +
    (request.measurements?.length
      ? `&measurements=${encodeURIComponent(request.measurements.join(','))}`
      : '') +
    (request.symptoms ? '&symptoms=true' : '');
  const send = () => {
    const token = accessTokenStorage.get();
    return clockedFetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  };
  let response = await send();
  if (response.status === 401) {
    accessTokenStorage.remove();
    try {
      await refreshAccessToken();
    } catch (error) {
      if (error instanceof SessionLostError) sessionIdentity.markLost();
      throw error;
    }
    response = await send();
  }
  if (!response.ok) throw new Error(await failureMessage(response));
  const name = fileNameOf(response.headers.get('content-disposition')) ?? `doctors-report.${request.format}`;
  const href = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = href;
    link.download = name;
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has started the download; a later revoke keeps slow browsers from losing it.
    setTimeout(() => URL.revokeObjectURL(href), 60_000);
  }
  return name;
}

async function failureMessage(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string' && body.message.trim()) return body.message;
  } catch {
    // not JSON: the generic message below
  }
  const status = response.status;
  return t`The report could not be made (error ${status}). Please try again.`;
}

/** The file name of `attachment; filename="…"` (the server sends only safe names). */
export function fileNameOf(disposition: string | null): string | undefined {
  const match = /filename="([^"]+)"/.exec(disposition ?? '');
  return match?.[1];
}
