import { Trans, useLingui } from '@lingui/react/macro';
import type { PackReading as ServerReading, GtinMapping } from '@medrem/contract';
import { useId, useState } from 'react';
import { messageOf } from '../../lib/api-error';
import { notify } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { buttonClass, cardClass, inputClass } from '../../shared/ui/button.styles';
import { Field, fieldAria } from '../../shared/ui/field.component';
import { useInvalidateMedicines, useMedicines } from '../medicines/medicines.queries';
import { refuseWhenOffline, tellIfUnreachable } from '../offline/online-only';

export interface FoundPack {
  /** The text as scanned: the server reads it again and stores what it says. */
  code: string;
  reading: ServerReading;
  mapping: GtinMapping | null;
}

/**
 * A pack the scanner read and the server checked (issue 58, decision 329). Its first scan asks which
 * medicine it is and how many pills a pack holds; both are remembered for the product (GTIN), so a
 * later scan only asks to add it. Adding puts its pills on the supply as a refill, with its batch,
 * serial and expiry.
 */
export function PackFound(props: {
  found: FoundPack;
  /** The medicine whose page this is: the first guess of an unknown product. */
  medicineId: string;
  onDone: () => void;
  onScanAgain: () => void;
}) {
  const { t } = useLingui();
  const { found, medicineId, onDone, onScanAgain } = props;
  const { reading, mapping } = found;
  const headingId = useId();
  const medicineField = useId();
  const pillsField = useId();
  const medicines = useMedicines().data ?? [];
  const [chosen, setChosen] = useState(mapping?.medicineId ?? medicineId);
  const [pills, setPills] = useState(String(mapping?.pillsPerPack ?? reading.count ?? ''));
  const [pillsError, setPillsError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const add = trpc.pack.add.useMutation();
  const invalidate = useInvalidateMedicines();
  const utils = trpc.useUtils();
  const current = medicines.filter((m) => !m.stoppedOn || m.id === chosen);

  const submit = async () => {
    const count = Number(pills);
    if (!/^\d+$/.test(pills.trim()) || count < 1) {
      setPillsError(t`Enter how many pills the pack holds, a whole number from 1.`);
      return;
    }
    setPillsError(undefined);
    if (refuseWhenOffline('Adding')) return;
    setRefusal(null);
    try {
      const { pack, medicine } = await add.mutateAsync({ id: chosen, code: found.code, pills: count });
      const { expiresOn, pills: packPills } = pack;
      const name = medicine.name;
      notify.success(
        expiresOn
          ? t`Pack added to ${name}: ${packPills} pills, expires ${expiresOn}.`
          : t`Pack added to ${name}: ${packPills} pills.`,
      );
      await Promise.all([invalidate(), utils.pack.invalidate()]);
      onDone();
    } catch (error) {
      if (!tellIfUnreachable(error, 'Adding'))
        setRefusal(messageOf(error) ?? t`The pack could not be added.`);
    }
  };

  const medicineName = mapping?.medicineName;
  const pillsPerPack = mapping?.pillsPerPack;
  return (
    <section className={`${cardClass} flex flex-col gap-3`} aria-labelledby={headingId}>
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        {mapping ? t`This is ${medicineName}` : t`A new product`}
      </h2>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm text-slate-700 sm:grid-cols-4">
        <PackFact term={t`Product (GTIN)`} value={reading.gtin} />
        <PackFact
          term={t({ message: 'Expires', comment: 'A scanned pack’s expiry date follows' })}
          value={reading.expiresOn}
        />
        <PackFact term={t`Batch`} value={reading.batch} />
        <PackFact term={t`Serial`} value={reading.serial} />
      </dl>
      <p className="text-slate-700">
        {mapping
          ? t`Remembered: ${pillsPerPack} pills a pack. Add this pack to the supply?`
          : t`The first scan of this product: which medicine is it, and how many pills does a pack hold? Both are remembered for its next scans.`}
      </p>
      <form
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Field id={medicineField} label={t`Medicine`}>
          <select
            id={medicineField}
            className={inputClass}
            value={chosen}
            onChange={(event) => setChosen(event.target.value)}
          >
            {current.map((medicine) => (
              <option key={medicine.id} value={medicine.id}>
                {medicine.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id={pillsField} label={t`Pills in a pack`} error={pillsError}>
          <input
            {...fieldAria(pillsField, pillsError)}
            type="number"
            inputMode="numeric"
            min={1}
            className={`${inputClass} max-w-40`}
            value={pills}
            onChange={(event) => setPills(event.target.value)}
          />
        </Field>
        <button type="submit" className={buttonClass.primary} disabled={add.isPending}>
          {add.isPending ? t`Adding...` : t`Add this pack`}
        </button>
      </form>
      {refusal ? (
        <p role="alert" className="font-medium text-red-700">
          {refusal}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="button" className={buttonClass.secondary} onClick={onScanAgain}>
          <Trans>Scan another pack</Trans>
        </button>
        <button type="button" className={buttonClass.ghost} onClick={onDone}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </section>
  );
}

function PackFact({ term, value }: { term: string; value: string | null }) {
  return (
    <div>
      <dt className="font-medium text-slate-900">{term}</dt>
      <dd>{value ?? '—'}</dd>
    </div>
  );
}
