import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { messageOf } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import { trpc } from '../../../lib/trpc';
import { buttonClass, inputClass } from '../../../shared/ui/button.styles';
import { refuseWhenOffline, tellIfUnreachable } from '../../offline/online-only';
import { useInvalidatePacks } from '../packs.queries';

const FIELDS = [
  { key: 'gtin', label: msg`Product number (GTIN, optional)`, inputMode: 'numeric', maxLength: 14 },
  { key: 'batch', label: msg`Batch (optional)`, maxLength: 20 },
  { key: 'serial', label: msg`Serial number (optional)`, maxLength: 20 },
] as const;
type TextField = (typeof FIELDS)[number]['key'];

/**
 * "Add a pack by hand" (issue 58): what a pack's label says, typed in (desktop, or a code the camera
 * cannot read). The server checks the GTIN's check digit and the expiry; its words are shown here.
 */
export function AddPackForm({ medicineId, medicineName }: { medicineId: string; medicineName: string }) {
  const { t } = useLingui();
  const [text, setText] = useState<Record<TextField, string>>({ gtin: '', batch: '', serial: '' });
  const [expiresOn, setExpiresOn] = useState('');
  const [pills, setPills] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = trpc.pack.add.useMutation();
  const invalidate = useInvalidatePacks();
  const baseId = useId();
  const errorId = `${baseId}-error`;
  const submit = async () => {
    if (refuseWhenOffline('Editing')) return;
    setError(null);
    const typed = Object.fromEntries(
      FIELDS.map(({ key }) => [key, text[key].trim()]).filter(([, value]) => value !== ''),
    ) as Partial<Record<TextField, string>>;
    try {
      const { pack } = await add.mutateAsync({
        id: medicineId,
        ...typed,
        ...(expiresOn ? { expiresOn } : {}),
        pills: Number(pills),
      });
      const packPills = pack.pills;
      notify.success(t`A pack of ${packPills} was added to ${medicineName}.`);
      setText({ gtin: '', batch: '', serial: '' });
      setExpiresOn('');
      setPills('');
      await invalidate();
    } catch (failure) {
      if (!tellIfUnreachable(failure, 'Editing')) setError(messageOf(failure) ?? t`Adding the pack failed.`);
    }
  };
  const describedBy = error ? errorId : undefined;
  return (
    <form
      aria-label={t`Add a pack by hand`}
      className="grid gap-3 sm:grid-cols-2"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {FIELDS.map((field) => (
        <label key={field.key} className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          {t(field.label)}
          <input
            type="text"
            className={inputClass}
            maxLength={field.maxLength}
            inputMode={'inputMode' in field ? field.inputMode : undefined}
            autoComplete="off"
            value={text[field.key]}
            onChange={(e) => setText({ ...text, [field.key]: e.target.value })}
            aria-describedby={describedBy}
          />
        </label>
      ))}
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
        <Trans>Expiry date (optional)</Trans>
        <input
          type="date"
          className={inputClass}
          value={expiresOn}
          onChange={(e) => setExpiresOn(e.target.value)}
          aria-describedby={describedBy}
        />
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
        <Trans>Pills in the pack</Trans>
        <input
          type="number"
          required
          min={1}
          step={1}
          inputMode="numeric"
          className={inputClass}
          value={pills}
          onChange={(e) => setPills(e.target.value)}
          aria-describedby={describedBy}
        />
      </label>
      <div className="flex items-end">
        <button type="submit" className={buttonClass.primary} disabled={add.isPending}>
          <Trans>Add pack</Trans>
        </button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-red-700 sm:col-span-2">
          {error}
        </p>
      )}
    </form>
  );
}
