import { Trans, useLingui } from '@lingui/react/macro';
import { notify } from '../../../lib/toast';
import { buttonClass, cardClass } from '../../../shared/ui/button.styles';
import { Toggle } from '../../../shared/ui/toggle.component';
import { wantSimpleScreenFocus } from '../simple-mode-visit';
import { useSimpleModeChoice } from '../use-simple-mode-choice.hook';

// The dashboard's notice and the Settings switch in one module: with the hook they share, they
// are one chunk (fetched by the dashboard only for an account that has not chosen or has it on,
// decision 362), instead of three small files on a signed-in start.

/**
 * On the dashboard (issue 54): the one-time offer of the simple screen to an account that never
 * chose (either answer is saved, so it is never asked again), or, with the simple screen on and
 * all features shown for this visit, the way back to it.
 */
export function SimpleModeNotice({ onBackToSimpleScreen }: { onBackToSimpleScreen: () => void }) {
  const { t } = useLingui();
  const { simpleMode, source, busy, choose } = useSimpleModeChoice();
  if (simpleMode === true) {
    return (
      <div>
        <button
          type="button"
          className={buttonClass.secondary}
          onClick={() => {
            wantSimpleScreenFocus();
            onBackToSimpleScreen();
          }}
        >
          <Trans>Back to the simple screen</Trans>
        </button>
      </div>
    );
  }
  // Asked only from the account's own answer: settings kept on the device cannot save the reply.
  if (simpleMode !== null || source !== 'server') return null;
  const accept = async () => {
    wantSimpleScreenFocus();
    await choose(true);
  };
  return (
    <section aria-labelledby="simple-offer-title" className={cardClass} data-testid="simple-mode-offer">
      <h2 id="simple-offer-title" className="text-xl font-semibold text-slate-900">
        <Trans>Would you like the simple screen?</Trans>
      </h2>
      <p className="mt-1 text-slate-700">
        <Trans>Large text and big buttons, just today's medicines.</Trans>
      </p>
      <p className="mt-1 text-slate-700">
        <Trans>You can change this at any time in Settings, under Profile.</Trans>
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" className={buttonClass.primary} disabled={busy} onClick={() => void accept()}>
          {t`Use the simple screen`}
        </button>
        <button
          type="button"
          className={buttonClass.secondary}
          disabled={busy}
          onClick={() => void choose(false)}
        >
          {t`No, thanks`}
        </button>
      </div>
    </section>
  );
}

/** Settings → Profile (issue 54): the simple screen on or off, saved at once like the language. */
export function SimpleModeSetting() {
  const { t } = useLingui();
  const { simpleMode, busy, choose } = useSimpleModeChoice();
  if (simpleMode === undefined) return null;
  const change = async (on: boolean) => {
    if (busy) return;
    if (await choose(on)) notify.success(on ? t`The simple screen is on.` : t`The simple screen is off.`);
  };
  return (
    <div className="border-t border-slate-200 pt-2">
      <Toggle
        label={t`Simple screen`}
        description={t`Large text and big buttons, just today's medicines. All features stay one button away.`}
        checked={simpleMode === true}
        onChange={(on) => void change(on)}
      />
    </div>
  );
}
