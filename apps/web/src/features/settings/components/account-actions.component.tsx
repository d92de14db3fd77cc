import { Trans, useLingui } from '@lingui/react/macro';
import { Download } from 'lucide-react';
import { buttonClass } from '../../../shared/ui/button.styles';
import { useExportData } from '../use-export-data.hook';
import { DeleteAccountForm } from './delete-account-form.component';

/** Export and Delete Account: under Profile ('Account Actions') and Privacy ('Data Management'). */
export function AccountActions({ title, detailed = false }: { title: string; detailed?: boolean }) {
  const { t } = useLingui();
  const exportData = useExportData();
  return (
    <section className="mt-2 border-t border-slate-200 pt-5" aria-label={title}>
      <h3 className="mb-3 text-lg font-semibold text-slate-900">{title}</h3>
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          {detailed ? (
            <div>
              <p className="font-medium text-slate-900">
                <Trans>Export Your Data</Trans>
              </p>
              <p className="text-sm text-slate-600">
                <Trans>Download all your medicine data and settings</Trans>
              </p>
            </div>
          ) : null}
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={exportData.busy}
            onClick={() => void exportData.run()}
          >
            <Download aria-hidden="true" className="size-5" />
            {detailed ? t`Export Your Data` : t`Export Data`}
          </button>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          {detailed ? (
            <div>
              <p className="font-medium text-red-800">
                <Trans>Delete Account</Trans>
              </p>
              <p className="text-sm text-slate-600">
                <Trans>Permanently delete your account and all data</Trans>
              </p>
            </div>
          ) : null}
          <DeleteAccountForm />
        </div>
      </div>
    </section>
  );
}
