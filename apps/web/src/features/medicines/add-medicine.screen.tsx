import { Trans, useLingui } from '@lingui/react/macro';
import { DEFAULT_FOLLOW_UPS, zonedNow } from '@medrem/domain';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { messageOf } from '../../lib/api-error';
import { usePageTitle } from '../../lib/page-title.hook';
import { notify } from '../../lib/toast';
import { refuseWhenOffline, tellIfUnreachable } from '../offline/online-only';
import { trpc } from '../../lib/trpc';
import { Spinner } from '../../shared/ui/spinner.component';
import { useSignedInUser } from '../auth/auth.context';
import { useSettings } from '../settings/settings.queries';
import { MedicineForm } from './components/medicine-form.component';
import { addMedicineFormSchema } from './medicine-form.schema';
import { serverClock } from '../../lib/server-clock';
import { useInvalidateMedicines } from './medicines.queries';
import { type ScannedForAdd, ScanPackToAdd } from '../scanner/scan-pack-to-add.component';
import { useRecordFirstPack } from '../scanner/use-record-first-pack.hook';

export function AddMedicineScreen() {
  const { t } = useLingui();
  usePageTitle(t`Add Medicine`, t`Add a medicine with its dose times, supply and instructions.`);
  const user = useSignedInUser();
  const { settings } = useSettings();
  const create = trpc.medicine.create.useMutation();
  const invalidate = useInvalidateMedicines();
  const navigate = useNavigate();
  const [scanned, setScanned] = useState<ScannedForAdd | null>(null);
  const recordPack = useRecordFirstPack();

  if (!settings) return <Spinner label={t`Loading...`} />;
  const today = zonedNow(serverClock.now(), settings.timezone).date;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <h1 className="text-2xl font-bold text-slate-900">
        <Trans>Add Medicine</Trans>
      </h1>
      <ScanPackToAdd today={today} onScanned={setScanned} />
      <MedicineForm
        idPrefix="add"
        schema={addMedicineFormSchema}
        defaultValues={{ startDate: today, frequency: '', name: '', dosage: '', instructions: '' }}
        defaultReminderTimes={settings.medicineDefaults.defaultReminderTimes}
        userFollowUps={settings.notifications.followUps ?? DEFAULT_FOLLOW_UPS}
        today={today}
        addedAt={serverClock.now().toISOString()}
        timeZone={settings.timezone}
        filled={scanned?.fill}
        submitLabel={t`Add Medicine`}
        busyLabel={t`Adding...`}
        onSubmit={async (values, derived) => {
          if (refuseWhenOffline('Adding')) return false;
          let added;
          try {
            added = await create.mutateAsync({ ...values, ...derived, userEmail: user.email });
          } catch (error) {
            console.error('Adding the medicine failed', error);
            if (tellIfUnreachable(error, 'Adding')) return false;
            // The server's reason is a sentence of its own: never put inside the spec's template
            // 'Please fill in the {message} field.' (issue 51). It belongs to this form's screen.
            notify.warning(messageOf(error) ?? t`Failed to add medicine.`, { screen: true });
            return false;
          }
          // The scanned pack with its expiry, in the supply just typed (decision 342); its product
          // is this medicine from now on: its next scan offers "Add this pack".
          const packIssue = scanned ? await recordPack(added.id, scanned, values.totalPills) : null;
          if (packIssue) notify.warning(packIssue);
          const name = values.name;
          notify.success(t`${name} has been added successfully!`);
          await invalidate();
          void navigate({ to: '/' });
          return true;
        }}
      />
    </div>
  );
}
