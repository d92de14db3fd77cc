import type { CarePermissions, CaregiverView } from '@medrem/contract';
import { useState } from 'react';
import { messageOf } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import { trpc } from '../../../lib/trpc';
import { confirmDialog } from '../../../shared/dialogs/dialog.store';
import { buttonClass } from '../../../shared/ui/button.styles';
import { Spinner } from '../../../shared/ui/spinner.component';
import { useSignedInUser } from '../../auth/auth.context';
import { useCareCircle, useInvalidateCare } from '../care.queries';
import { CarePermissionsFields, delayLabel } from './care-permissions-fields.component';

/** One sentence per caregiver: what they see and when they hear from us. */
export function permissionSummary(p: CarePermissions): string {
  const sees = p.canSeeMedicines ? 'Sees your daily doses and medicine list' : 'Sees your daily doses only';
  const alerts = [
    p.missedDoseAlerts ? `missed doses (${delayLabel(p.missedDelayMinutes)} after your own alert)` : null,
    p.refillAlerts ? 'refills running out' : null,
  ].filter(Boolean);
  return `${sees}. ${alerts.length > 0 ? `Alerted about ${alerts.join(' and ')}.` : 'No alerts.'}`;
}

function CaregiverItem({ caregiver }: { caregiver: CaregiverView }) {
  const user = useSignedInUser();
  const invalidate = useInvalidateCare();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(caregiver.permissions);
  const update = trpc.care.updateCaregiver.useMutation();
  const remove = trpc.care.removeCaregiver.useMutation();
  const save = async () => {
    try {
      await update.mutateAsync({
        userEmail: user.email,
        caregiverId: caregiver.caregiverId,
        permissions: draft,
      });
      setEditing(false);
      notify.success(`Saved what ${caregiver.name} sees.`);
    } catch (error) {
      notify.error(messageOf(error) ?? 'Could not save. Please try again.');
    }
    await invalidate();
  };
  const onRemove = async () => {
    const sure = await confirmDialog({
      title: `Remove ${caregiver.name}?`,
      message: 'They stop seeing your doses and stop getting alerts at once.',
      confirmLabel: 'Remove',
      danger: true,
    });
    if (!sure) return;
    try {
      await remove.mutateAsync({ userEmail: user.email, caregiverId: caregiver.caregiverId });
      notify.success(`${caregiver.name} is no longer your caregiver.`);
    } catch (error) {
      notify.error(messageOf(error) ?? 'Could not remove. Please try again.');
    }
    await invalidate();
  };
  return (
    <li className="flex flex-col gap-2 border-t border-slate-200 py-3 first:border-t-0">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-medium text-slate-900">{caregiver.name}</p>
          <p className="text-sm break-all text-slate-600">{caregiver.email}</p>
          <p className="text-sm text-slate-700">{permissionSummary(caregiver.permissions)}</p>
        </div>
        <div className="flex gap-2">
          <button
            type="button"
            className={buttonClass.secondary}
            aria-expanded={editing}
            onClick={() => setEditing(!editing)}
          >
            Change<span className="sr-only"> what {caregiver.name} sees</span>
          </button>
          <button type="button" className={buttonClass.danger} onClick={() => void onRemove()}>
            Remove<span className="sr-only"> {caregiver.name}</span>
          </button>
        </div>
      </div>
      {editing ? (
        <div className="flex flex-col gap-3 rounded-lg bg-slate-50 p-3">
          <CarePermissionsFields
            idPrefix={`care-${caregiver.caregiverId}`}
            value={draft}
            onChange={setDraft}
          />
          <button type="button" className={`${buttonClass.primary} self-start`} onClick={() => void save()}>
            Save
          </button>
        </div>
      ) : null}
    </li>
  );
}

/** The patient's side: caregivers with what they see, invitations still open. */
export function MyCaregivers() {
  const user = useSignedInUser();
  const invalidate = useInvalidateCare();
  const { data, isPending, error } = useCareCircle();
  const revoke = trpc.care.revokeInvitation.useMutation();
  if (isPending) return <Spinner label="Loading your caregivers..." />;
  if (error) return <p role="alert">{messageOf(error) ?? 'Your caregivers could not be loaded.'}</p>;
  const withdraw = async (id: string) => {
    try {
      await revoke.mutateAsync({ userEmail: user.email, id });
      notify.success('Invitation withdrawn: its link no longer works.');
    } catch (failure) {
      notify.error(messageOf(failure) ?? 'Could not withdraw. Please try again.');
    }
    await invalidate();
  };
  return (
    <div className="flex flex-col gap-4">
      {data.caregivers.length === 0 ? (
        <p className="text-slate-700">Nobody cares for you here yet.</p>
      ) : (
        <ul aria-label="Your caregivers">
          {data.caregivers.map((c) => (
            <CaregiverItem key={c.caregiverId} caregiver={c} />
          ))}
        </ul>
      )}
      {data.invitations.length > 0 ? (
        <div>
          <h3 className="font-medium text-slate-900">Invitations not yet accepted</h3>
          <ul aria-label="Open invitations">
            {data.invitations.map((i) => (
              <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="break-all text-slate-700">
                  {i.email} · until {new Date(i.expiresAt).toLocaleDateString()}
                </span>
                <button type="button" className={buttonClass.secondary} onClick={() => void withdraw(i.id)}>
                  Withdraw<span className="sr-only"> the invitation for {i.email}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
