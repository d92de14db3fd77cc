import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CarePermissions, CaregiverView } from '@medrem/contract';
import { useState } from 'react';
import { messageOf } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import { trpc } from '../../../lib/trpc';
import { formatDateTime } from '../../../i18n/intl-formats';
import { confirmDialog } from '../../../shared/dialogs/dialog.store';
import { buttonClass } from '../../../shared/ui/button.styles';
import { Spinner } from '../../../shared/ui/spinner.component';
import { useSignedInUser } from '../../auth/auth.context';
import { useCareCircle, useInvalidateCare } from '../care.queries';
import { CarePermissionsFields, delayLabel } from './care-permissions-fields.component';

/** One sentence per caregiver: what they see and when they hear from us. */
export function permissionSummary(p: CarePermissions): string {
  const sees = p.canSeeMedicines
    ? t`Sees your daily doses and medicine list.`
    : t`Sees your daily doses only.`;
  const delay = delayLabel(p.missedDelayMinutes);
  const alerts =
    p.missedDoseAlerts && p.refillAlerts
      ? t`Alerted about missed doses (${delay} after your own alert) and refills running out.`
      : p.missedDoseAlerts
        ? t`Alerted about missed doses (${delay} after your own alert).`
        : p.refillAlerts
          ? t`Alerted about refills running out.`
          : t`No alerts.`;
  return `${sees} ${alerts}`;
}

function CaregiverItem({ caregiver }: { caregiver: CaregiverView }) {
  const { t } = useLingui();
  const name = caregiver.name;
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
      notify.success(t`Saved what ${name} sees.`);
    } catch (error) {
      notify.error(messageOf(error) ?? t`Could not save. Please try again.`);
    }
    await invalidate();
  };
  const onRemove = async () => {
    const sure = await confirmDialog({
      title: t`Remove ${name}?`,
      message: t`They stop seeing your doses and stop getting alerts at once.`,
      confirmLabel: t({ message: 'Remove', comment: 'Button: remove a caregiver' }),
      danger: true,
    });
    if (!sure) return;
    try {
      await remove.mutateAsync({ userEmail: user.email, caregiverId: caregiver.caregiverId });
      notify.success(t`${name} is no longer your caregiver.`);
    } catch (error) {
      notify.error(messageOf(error) ?? t`Could not remove. Please try again.`);
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
            <Trans>
              Change<span className="sr-only"> what {name} sees</span>
            </Trans>
          </button>
          <button type="button" className={buttonClass.danger} onClick={() => void onRemove()}>
            <Trans>
              Remove<span className="sr-only"> {name}</span>
            </Trans>
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
            <Trans>Save</Trans>
          </button>
        </div>
      ) : null}
    </li>
  );
}

/** The patient's side: caregivers with what they see, invitations still open. */
export function MyCaregivers() {
  const { t } = useLingui();
  const user = useSignedInUser();
  const invalidate = useInvalidateCare();
  const { data, isPending, error } = useCareCircle();
  const revoke = trpc.care.revokeInvitation.useMutation();
  if (isPending) return <Spinner label={t`Loading your caregivers...`} />;
  if (error) return <p role="alert">{messageOf(error) ?? t`Your caregivers could not be loaded.`}</p>;
  const withdraw = async (id: string) => {
    try {
      await revoke.mutateAsync({ userEmail: user.email, id });
      notify.success(t`Invitation withdrawn: its link no longer works.`);
    } catch (failure) {
      notify.error(messageOf(failure) ?? t`Could not withdraw. Please try again.`);
    }
    await invalidate();
  };
  return (
    <div className="flex flex-col gap-4">
      {data.caregivers.length === 0 ? (
        <p className="text-slate-700">
          <Trans>Nobody cares for you here yet.</Trans>
        </p>
      ) : (
        <ul aria-label={t`Your caregivers`}>
          {data.caregivers.map((c) => (
            <CaregiverItem key={c.caregiverId} caregiver={c} />
          ))}
        </ul>
      )}
      {data.invitations.length > 0 ? (
        <div>
          <h3 className="font-medium text-slate-900">
            <Trans>Invitations not yet accepted</Trans>
          </h3>
          <ul aria-label={t`Open invitations`}>
            {data.invitations.map((i) => {
              const email = i.email;
              const until = formatDateTime(
                i.expiresAt,
                { year: 'numeric', month: 'numeric', day: 'numeric' },
                'en-US',
              );
              return (
                <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span className="break-all text-slate-700">
                    <Trans>
                      {email} · until {until}
                    </Trans>
                  </span>
                  <button type="button" className={buttonClass.secondary} onClick={() => void withdraw(i.id)}>
                    <Trans>
                      Withdraw<span className="sr-only"> the invitation for {email}</span>
                    </Trans>
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
