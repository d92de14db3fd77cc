import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { DEFAULT_FOLLOW_UPS, zonedNow } from '@medrem/domain';
import { serverClock } from '../../lib/server-clock';
import { Link, useLoaderData, useNavigate } from '@tanstack/react-router';
import { usePageTitle } from '../../lib/page-title.hook';
import { notify } from '../../lib/toast';
import { refuseWhenOffline, tellIfUnreachable } from '../offline/online-only';
import { trpc } from '../../lib/trpc';
import { confirmDialog } from '../../shared/dialogs/dialog.store';
import { buttonClass, cardClass } from '../../shared/ui/button.styles';
import { Spinner } from '../../shared/ui/spinner.component';
import { useAuth } from '../auth/auth.context';
import { CheckingAuthentication } from '../auth/components/require-auth.component';
import { useSettings } from '../settings/settings.queries';
import { MedicineForm } from './components/medicine-form.component';
import { MedicineLife } from './components/medicine-life.component';
import { MedicinePacks } from '../packs/components/medicine-packs.component';
import { ScanPack } from '../scanner/scan-pack.component';
import { updateMedicineFormSchema } from './medicine-form.schema';
import { useInvalidateMedicines, type Medicine } from './medicines.queries';

export const UPDATE_FAILED_MESSAGE = msg`Failed to update medicine. Please try again.`;

/** The route has no guard (spec); its loader fetched the medicine before this screen shows. */
export function UpdateMedicineScreen() {
  const { t } = useLingui();
  usePageTitle(t`Update Medicine`, t`Change a medicine’s dose times, supply and instructions.`);
  const medicine = useLoaderData({ from: '/update-medicine/$id' });
  const { user, loading } = useAuth();
  if (loading) return <CheckingAuthentication userKnown={user !== null} />;
  if (!user) {
    return (
      <div className={`${cardClass} mx-auto max-w-md text-center`}>
        <h1 className="text-xl font-semibold">
          <Trans>Access Denied</Trans>
        </h1>
        <p className="my-4">
          <Trans>Please log in to access this feature.</Trans>
        </p>
        <Link to="/login" className={buttonClass.primary}>
          <Trans>Login</Trans>
        </Link>
      </div>
    );
  }
  return <UpdateMedicineForm medicine={medicine} />;
}

function UpdateMedicineForm({ medicine }: { medicine: Medicine }) {
  const { t } = useLingui();
  const { settings } = useSettings();
  const update = trpc.medicine.update.useMutation();
  const invalidate = useInvalidateMedicines();
  const navigate = useNavigate();
  if (!settings) return <Spinner label={t`Loading...`} />;
  const today = zonedNow(serverClock.now(), settings.timezone).date;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <h1 className="text-2xl font-bold text-slate-900">
        <Trans>Update Medicine</Trans>
      </h1>
      <ScanPack medicineId={medicine.id} today={today} />
      <MedicineForm
        idPrefix="update"
        schema={updateMedicineFormSchema}
        defaultValues={{
          name: medicine.name,
          dosage: medicine.dosage,
          frequency: medicine.frequency,
          startDate: medicine.startDate.slice(0, 10),
          originalDurationDays: medicine.originalDurationDays,
          durationDays: medicine.durationDays,
          totalPills: medicine.totalPills,
          pillsPerDose: medicine.pillsPerDose,
          instructions: medicine.instructions,
        }}
        defaultReminderTimes={settings.medicineDefaults.defaultReminderTimes}
        userFollowUps={settings.notifications.followUps ?? DEFAULT_FOLLOW_UPS}
        defaultFollowUps={medicine.followUps}
        defaultSchedule={medicine.schedule}
        defaultDoseTimes={medicine.doseTimes}
        today={today}
        addedAt={medicine.createdAt}
        timeZone={settings.timezone}
        submitLabel={t`Update Medicine`}
        busyLabel={t`Updating...`}
        onSubmit={async (values, derived) => {
          const confirmed = await confirmDialog({
            title: t`Update medicine`,
            message: t`Are you sure you want to update this?`,
            confirmLabel: t`Yes, update it!`,
          });
          if (!confirmed || refuseWhenOffline('Editing')) return false;
          try {
            await update.mutateAsync({ ...values, ...derived, id: medicine.id });
          } catch (error) {
            // Spec: logged only. We also tell the user (decision 024), so a failed save is never silent.
            console.error('Updating the medicine failed', error);
            if (!tellIfUnreachable(error, 'Editing'))
              notify.error(t(UPDATE_FAILED_MESSAGE), { screen: true });
            return false;
          }
          const name = values.name;
          notify.success(t`${name} has been updated successfully!`);
          await invalidate();
          void navigate({ to: '/' });
          return false;
        }}
      />
      <MedicineLife medicine={medicine} today={today} />
      <MedicinePacks medicine={medicine} />
    </div>
  );
}
