import { Trans, useLingui } from '@lingui/react/macro';
import type { Pack } from '@medrem/contract';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { messageOf } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import { trpc } from '../../../lib/trpc';
import { confirmDialog } from '../../../shared/dialogs/dialog.store';
import { buttonClass, cardClass } from '../../../shared/ui/button.styles';
import { refuseWhenOffline, tellIfUnreachable } from '../../offline/online-only';
import { useInvalidatePacks, useMedicinePacks } from '../packs.queries';
import { AddPackForm } from './add-pack-form.component';
import { PackList } from './pack-list.component';

/**
 * A medicine's packs on its page (issue 58): each with its expiry and the pills the supply counts in
 * it, first-expiring first (decision 322); used up or removed from here; added by hand below.
 */
export function MedicinePacks({ medicine }: { medicine: { id: string; name: string } }) {
  const { t } = useLingui();
  const headingId = useId();
  const list = useMedicinePacks(medicine.id);
  const usedUp = trpc.pack.usedUp.useMutation();
  const remove = trpc.pack.remove.useMutation();
  const invalidate = useInvalidatePacks();
  const packs = list.data?.packs ?? [];
  const loosePills = list.data?.loosePills ?? 0;
  const name = medicine.name;
  const act = async (what: 'used-up' | 'remove', pack: Pack) => {
    const { pills, pillsLeft } = pack;
    const confirmed = await confirmDialog(
      what === 'used-up'
        ? {
            title: t`Pack used up`,
            message: t`Finished or thrown away: the ${pillsLeft} pills counted in it come off the supply.`,
            confirmLabel: t`Mark used up`,
          }
        : {
            title: t`Remove pack`,
            message: t`Added by mistake: the ${pills} pills it added come off the supply.`,
            confirmLabel: t`Remove it`,
          },
    );
    if (!confirmed || refuseWhenOffline('Editing')) return;
    try {
      if (what === 'used-up') await usedUp.mutateAsync({ id: medicine.id, packId: pack.id });
      else await remove.mutateAsync({ id: medicine.id, packId: pack.id });
      notify.success(what === 'used-up' ? t`The pack is marked used up.` : t`The pack is removed.`);
    } catch (failure) {
      if (!tellIfUnreachable(failure, 'Editing')) notify.error(messageOf(failure) ?? t`That failed.`);
    } finally {
      await invalidate();
    }
  };
  return (
    <section className={cardClass} aria-labelledby={headingId}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-xl font-semibold text-slate-900">
          <Trans comment="Heading: a medicine's packs">Packs</Trans>
        </h2>
        <Link to="/cabinet" className="font-medium text-brand-800 underline">
          <Trans>Medicine cabinet</Trans>
        </Link>
      </div>
      {packs.length === 0 ? (
        <p className="mb-3 text-slate-700">
          <Trans>No pack recorded yet. Add one to keep its expiry in view.</Trans>
        </p>
      ) : (
        <PackList
          packs={packs}
          label={t`Packs of ${name}`}
          actions={(pack) =>
            pack.state === 'used-up' ? null : (
              <>
                <button
                  type="button"
                  className={buttonClass.secondary}
                  onClick={() => void act('used-up', pack)}
                >
                  <Trans comment="Button: mark a pack as finished or thrown away">Used up</Trans>
                </button>
                <button type="button" className={buttonClass.ghost} onClick={() => void act('remove', pack)}>
                  <Trans comment="Button: remove a pack added by mistake">Remove</Trans>
                </button>
              </>
            )
          }
        />
      )}
      {loosePills > 0 && (
        <p className="mt-2 text-sm text-slate-700">
          <Trans>{loosePills} pills of the supply are in no recorded pack; they count as used first.</Trans>
        </p>
      )}
      <h3 className="mt-4 mb-2 font-semibold text-slate-900">
        <Trans>Add a pack by hand</Trans>
      </h3>
      <AddPackForm medicineId={medicine.id} medicineName={medicine.name} />
    </section>
  );
}
