import { OutboxSync } from '../../features/offline/outbox-sync.component';
import { DevicePushNotice } from '../../features/push/components/device-push-notice.component';
import { PushRegistration } from '../../features/push/push-registration.component';
import { TimeZonePrompt } from '../../features/settings/components/time-zone-prompt.component';

/**
 * What the shell adds for a signed-in user: the time-zone question, the push registration and what
 * it tells about this device (decision 197), and the sender of the writes made offline (issue 12).
 */
export function SignedInExtras({ userId, email }: { userId: string; email: string }) {
  return (
    <>
      <TimeZonePrompt />
      <PushRegistration email={email} />
      <DevicePushNotice />
      <OutboxSync userId={userId} email={email} />
    </>
  );
}
