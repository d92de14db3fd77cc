import { useLingui } from '@lingui/react/macro';
import { Toggle } from '../../../shared/ui/toggle.component';
import { notify } from '../../../lib/toast';
import { useSimpleModeChoice } from '../use-simple-mode-choice.hook';

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
