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

export const UPDATE_FAILED_MESSAGE = 'Failed to update medicine. Please try again.';

/** The route has no guard (spec); its loader fetched the medicine before this screen shows. */
export function UpdateMedicineScreen() {
  usePageTitle('Update Medicine', 'Change a medicine’s dose times, supply and instructions.');
  const medicine = useLoaderData({ from: '/update-medicine/$id' });
  const { user, loading } = useAuth();
  if (loading) return <CheckingAuthentication userKnown={user !== null} />;
  if (!user) {
    return (
      <div className={`${cardClass} mx-auto max-w-md text-center`}>
        <h1 className="text-xl font-semibold">Access Denied</h1>
        <p className="my-4">Please log in to access this feature.</p>
        <Link to="/login" className={buttonClass.primary}>
          Login
        </Link>
      </div>
    );
  }
  return <UpdateMedicineForm medicine={medicine} />;
}

function UpdateMedicineForm({ medicine }: { medicine: Medicine }) {
  const { settings } = useSettings();
  const update = trpc.medicine.update.useMutation();
  const invalidate = useInvalidateMedicines();
  const navigate = useNavigate();
  if (!settings) return <Spinner label="Loading..." />;
  const today = zonedNow(serverClock.now(), settings.timezone).date;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <h1 className="text-2xl font-bold text-slate-900">Update Medicine</h1>
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
        submitLabel="Update Medicine"
        busyLabel="Updating..."
        onSubmit={async (values, derived) => {
          const confirmed = await confirmDialog({
            title: 'Update medicine',
            message: 'Are you sure you want to update this?',
            confirmLabel: 'Yes, update it!',
          });
          if (!confirmed || refuseWhenOffline('Editing')) return false;
          try {
            await update.mutateAsync({ ...values, ...derived, id: medicine.id });
          } catch (error) {
            // Spec: logged only. We also tell the user (decision 024), so a failed save is never silent.
            console.error('Updating the medicine failed', error);
            if (!tellIfUnreachable(error, 'Editing')) notify.error(UPDATE_FAILED_MESSAGE, { screen: true });
            return false;
          }
          notify.success(`${values.name} has been updated successfully!`);
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
