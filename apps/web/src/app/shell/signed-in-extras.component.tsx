import { Suspense, useEffect } from 'react';
import { OutboxSync } from '../../features/offline/outbox-sync.component';
import { PushRegistration } from '../../features/push/push-registration.component';
import { TimeZonePrompt } from '../../features/settings/components/time-zone-prompt.component';
import { useSettings } from '../../features/settings/settings.queries';
import { useAccountLanguage } from '../../i18n/account-language.hook';
import { useCatalogVersion } from '../../i18n/lingui-runtime';
import { keepWorkerTextsInPageLanguage } from '../../i18n/worker-texts';
import { lazyNamed } from '../../lib/lazy-named';

// Its own chunk, fetched at the first idle moment like the rest here: turning reminders on needs the
// network, so the offline start (precached, issue 9's 600 KB) need not carry the card.
const DevicePushNotice = lazyNamed(
  () => import('../../features/push/components/device-push-notice.component'),
  'DevicePushNotice',
);

// Its own chunk too: most people see it once, until they open the mailed link (decision 208).
const VerifyEmailBanner = lazyNamed(
  () => import('../../features/account/verify-email-banner.component'),
  'VerifyEmailBanner',
);

/** The account's language and clock, applied to the page and left for the service worker (issue 54). */
function AccountLanguage() {
  useAccountLanguage(useSettings().settings);
  const textsVersion = useCatalogVersion();
  useEffect(() => {
    void keepWorkerTextsInPageLanguage();
  }, [textsVersion]);
  return null;
}

/**
 * What the shell adds for a signed-in user: its language, the time-zone question, the push registration and what
 * it tells about this device (decision 197), and the sender of the writes made offline (issue 12).
 */
export function SignedInExtras({
  userId,
  email,
  emailVerified,
}: {
  userId: string;
  email: string;
  emailVerified: boolean;
}) {
  return (
    <>
      {!emailVerified ? (
        <Suspense fallback={null}>
          <VerifyEmailBanner email={email} />
        </Suspense>
      ) : null}
      <AccountLanguage />
      <TimeZonePrompt />
      <PushRegistration email={email} />
      <Suspense fallback={null}>
        <DevicePushNotice />
      </Suspense>
      <OutboxSync userId={userId} email={email} />
    </>
  );
}
