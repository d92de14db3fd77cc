import { PushRegistration } from '../../features/push/push-registration.component';
import { TimeZonePrompt } from '../../features/settings/components/time-zone-prompt.component';

/** What the shell adds for a signed-in user: the time-zone question and the push registration. */
export function SignedInExtras({ email }: { email: string }) {
  return (
    <>
      <TimeZonePrompt />
      <PushRegistration email={email} />
    </>
  );
}
