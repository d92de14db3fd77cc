import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { lazyNamed } from '../../lib/lazy-named';
import { buttonClass } from '../../shared/ui/button.styles';
import { type FoundPack, PackFound } from './pack-found.component';
import { useCheckPack } from './use-check-pack.hook';

// The scanner and its decoder are fetched when "Scan a pack" is pressed (decision 327).
export const PackScanner = lazyNamed(() => import('./pack-scanner.component'), 'PackScanner');

type Step =
  | { kind: 'closed' }
  | { kind: 'scanning'; refused: { message: string; code: string } | null }
  | { kind: 'found'; found: FoundPack };

/**
 * "Scan a pack" on a medicine's page (issue 58): the scanner, then the pack it read with the
 * question its first scan asks, or "Add this pack". A serial added before is told in the scanner,
 * which goes on looking for another pack.
 */
export function ScanPack(props: { medicineId: string; today: string }) {
  const [step, setStep] = useState<Step>({ kind: 'closed' });
  const check = useCheckPack();
  const scan = () => setStep({ kind: 'scanning', refused: null });
  if (step.kind === 'found') {
    return (
      <PackFound
        found={step.found}
        medicineId={props.medicineId}
        onDone={() => setStep({ kind: 'closed' })}
        onScanAgain={scan}
      />
    );
  }
  if (step.kind === 'scanning') {
    return (
      <PackScanner
        today={props.today}
        refused={step.refused}
        onClose={() => setStep({ kind: 'closed' })}
        onPack={(_pack, code) => {
          void check(code).then((result) =>
            setStep(
              result.kind === 'found'
                ? { kind: 'found', found: result.found }
                : { kind: 'scanning', refused: { message: result.message, code } },
            ),
          );
        }}
      />
    );
  }
  return <ScanPackButton onClick={scan} />;
}

/** The button that opens the scanner; hovering it fetches the scanner's chunk ahead. */
export function ScanPackButton(props: { onClick: () => void }) {
  return (
    <button
      type="button"
      className={`${buttonClass.secondary} self-start`}
      onClick={props.onClick}
      onPointerEnter={() => void PackScanner.load()}
    >
      <Trans>Scan a pack</Trans>
    </button>
  );
}
