import { Trans, useLingui } from '@lingui/react/macro';
import { LogOut } from 'lucide-react';
import { buttonClass } from '../../../shared/ui/button.styles';
import { useSignOutEverywhere } from '../use-sign-out-everywhere.hook';

/** Privacy & Security: end the sessions of every other device (a lost phone, a shared computer). */
export function SessionsSection() {
  const { t } = useLingui();
  const signOut = useSignOutEverywhere();
  return (
    <section className="mt-2 border-t border-slate-200 pt-5" aria-label={t`Sessions`}>
      <h3 className="mb-3 text-lg font-semibold text-slate-900">
        <Trans>Sessions</Trans>
      </h3>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="font-medium text-slate-900">
            <Trans>Sign Out Everywhere</Trans>
          </p>
          <p className="text-sm text-slate-600">
            <Trans>Sign out on all your other devices and browsers</Trans>
          </p>
        </div>
        <button
          type="button"
          className={buttonClass.secondary}
          disabled={signOut.busy}
          onClick={() => void signOut.run()}
        >
          <LogOut aria-hidden="true" className="size-5 rtl:-scale-x-100" />
          <Trans>Sign Out Everywhere</Trans>
        </button>
      </div>
    </section>
  );
}
