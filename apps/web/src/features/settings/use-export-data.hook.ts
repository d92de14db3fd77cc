import { t } from '@lingui/core/macro';
import { zonedNow } from '@medrem/domain';
import { useState } from 'react';
import { browserTimeZone } from '../../lib/browser-time-zone';
import { notify } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useSignedInUser } from '../auth/auth.context';

/** Spec: medicine-reminder-data-{YYYY-MM-DD}.json with the current date. */
export function exportFileName(date: string): string {
  return `medicine-reminder-data-${date}.json`;
}

function download(fileName: string, json: string) {
  const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Downloads the server's export (user, medicines, settings, history, notifications, exportDate). */
export function useExportData() {
  const user = useSignedInUser();
  const utils = trpc.useUtils();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const data = await utils.user.export.fetch({ userEmail: user.email }, { staleTime: 0 });
      const zone = data.settings.timezone || browserTimeZone();
      download(exportFileName(zonedNow(new Date(), zone).date), JSON.stringify(data, null, 2));
      notify.success(t`Data exported successfully!`);
    } catch (error) {
      console.error('Export failed', error);
      notify.error(t`Failed to export data`);
    } finally {
      setBusy(false);
    }
  };
  return { run, busy };
}
