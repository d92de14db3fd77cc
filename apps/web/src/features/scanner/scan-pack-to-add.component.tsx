import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { packSummary } from './pack-code.model';
import { PackScanner, ScanPackButton } from './scan-pack.component';
import { useCheckPack } from './use-check-pack.hook';

/** What a pack scanned on the add screen gives the new medicine. */
export interface ScannedForAdd {
  /** The code as scanned: the pack itself is recorded from it once the medicine exists (decision 342). */
  code: string;
  gtin: string;
  /** Its pills per pack when known (remembered, or the code's count): remembered with the medicine. */
  pillsPerPack: number | undefined;
  /** The form's fields it fills: the remembered name, the pack size as the supply. */
  fill: { name?: string; totalPills?: number };
}

/**
 * "Scan a pack" on the add screen (issue 58, decisions 329, 342): fills in the name (a product
 * remembered before) and the pills (its pack size); once the medicine is added, the pack is recorded
 * in its supply with its expiry, batch and serial, and the product is remembered for it.
 */
export function ScanPackToAdd(props: { today: string; onScanned: (scanned: ScannedForAdd) => void }) {
  const { t } = useLingui();
  const [scanning, setScanning] = useState(false);
  const [refused, setRefused] = useState<{ message: string; code: string } | null>(null);
  const [read, setRead] = useState<string | null>(null);
  const check = useCheckPack();
  if (!scanning) {
    return (
      <div className="flex flex-col gap-2">
        <ScanPackButton
          onClick={() => {
            setRefused(null);
            setScanning(true);
          }}
        />
        {read ? (
          <p role="status" className="text-slate-700">
            {read}
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <PackScanner
      today={props.today}
      refused={refused}
      onClose={() => setScanning(false)}
      onPack={(pack, code) => {
        void check(code).then((result) => {
          if (result.kind === 'refused') return setRefused({ message: result.message, code });
          const { reading, mapping } = result.found;
          const pillsPerPack = mapping?.pillsPerPack ?? reading.count ?? undefined;
          props.onScanned({
            code,
            gtin: reading.gtin,
            pillsPerPack,
            fill: {
              ...(mapping ? { name: mapping.medicineName } : {}),
              ...(pillsPerPack ? { totalPills: pillsPerPack } : {}),
            },
          });
          const summary = packSummary(pack);
          setRead(t`Pack read: ${summary}. It is recorded with this medicine once the medicine is added.`);
          setScanning(false);
        });
      }}
    />
  );
}
