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
  const headingId = useId();
  const list = useMedicinePacks(medicine.id);
  const usedUp = trpc.pack.usedUp.useMutation();
  const remove = trpc.pack.remove.useMutation();
  const invalidate = useInvalidatePacks();
  const packs = list.data?.packs ?? [];
  const act = async (what: 'used-up' | 'remove', pack: Pack) => {
    const confirmed = await confirmDialog(
      what === 'used-up'
        ? {
            title: 'Pack used up',
            message: `Finished or thrown away: the ${pack.pillsLeft} pills counted in it come off the supply.`,
            confirmLabel: 'Mark used up',
          }
        : {
            title: 'Remove pack',
            message: `Added by mistake: the ${pack.pills} pills it added come off the supply.`,
            confirmLabel: 'Remove it',
          },
    );
    if (!confirmed || refuseWhenOffline('Editing')) return;
    try {
      if (what === 'used-up') await usedUp.mutateAsync({ id: medicine.id, packId: pack.id });
      else await remove.mutateAsync({ id: medicine.id, packId: pack.id });
      notify.success(what === 'used-up' ? 'The pack is marked used up.' : 'The pack is removed.');
    } catch (failure) {
      if (!tellIfUnreachable(failure, 'Editing')) notify.error(messageOf(failure) ?? 'That failed.');
    } finally {
      await invalidate();
    }
  };
  return (
    <section className={cardClass} aria-labelledby={headingId}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-xl font-semibold text-slate-900">
          Packs
        </h2>
        <Link to="/cabinet" className="font-medium text-brand-800 underline">
          Medicine cabinet
        </Link>
      </div>
      {packs.length === 0 ? (
        <p className="mb-3 text-slate-700">No pack recorded yet. Add one to keep its expiry in view.</p>
      ) : (
        <PackList
          packs={packs}
          label={`Packs of ${medicine.name}`}
          actions={(pack) =>
            pack.state === 'used-up' ? null : (
              <>
                <button
                  type="button"
                  className={buttonClass.secondary}
                  onClick={() => void act('used-up', pack)}
                >
                  Used up
                </button>
                <button type="button" className={buttonClass.ghost} onClick={() => void act('remove', pack)}>
                  Remove
                </button>
              </>
            )
          }
        />
      )}
      {(list.data?.loosePills ?? 0) > 0 && (
        <p className="mt-2 text-sm text-slate-700">
          {list.data!.loosePills} pills of the supply are in no recorded pack; they count as used first.
        </p>
      )}
      <h3 className="mt-4 mb-2 font-semibold text-slate-900">Add a pack by hand</h3>
      <AddPackForm medicineId={medicine.id} medicineName={medicine.name} />
    </section>
  );
}
