import { Trans, useLingui } from '@lingui/react/macro';
import { usePageTitle } from '../../lib/page-title.hook';
import { cardClass } from '../../shared/ui/button.styles';
import { InviteCaregiver } from './components/invite-caregiver.component';
import { MyCaregivers } from './components/my-caregivers.component';
import { PeopleICareFor } from './components/people-i-care-for.component';

/** The care circle (decision 140): the people I care for, then my own caregivers and invitations. */
export function CareScreen() {
  const { t } = useLingui();
  usePageTitle(t`Care`, t`The people you care for, and who cares for you.`);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <h1 className="text-2xl font-bold text-slate-900">
        <Trans>Care circle</Trans>
      </h1>
      <section aria-labelledby="care-people-title" className="flex flex-col gap-3">
        <h2 id="care-people-title" className="text-xl font-semibold text-slate-900">
          <Trans>People I care for</Trans>
        </h2>
        <PeopleICareFor />
      </section>
      <section aria-labelledby="care-mine-title" className={`${cardClass} flex flex-col gap-4`}>
        <h2 id="care-mine-title" className="text-xl font-semibold text-slate-900">
          <Trans>My caregivers</Trans>
        </h2>
        <MyCaregivers />
        <h3 className="text-lg font-semibold text-slate-900">
          <Trans>Invite a caregiver</Trans>
        </h3>
        <InviteCaregiver />
      </section>
    </div>
  );
}
