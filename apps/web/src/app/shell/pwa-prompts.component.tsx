import { useIdle } from '../../lib/idle.hook';
import { InstallPrompt } from './install-prompt.component';
import { UpdatePrompt } from './update-prompt.component';

/**
 * The install and update prompts. Mounted once at the root, beside whichever start of the app is
 * showing (decision 051), so the service worker is registered once and a prompt stays put when
 * the signed-out first paint hands over to the full app. The update prompt registers the service
 * worker, which the first screen does not need: it mounts once the browser is idle (decision 061;
 * Workbox itself registers after the page's load event).
 */
export function PwaPrompts() {
  const idle = useIdle();
  return (
    // Spec: install prompt bottom left, update prompt bottom right. On a phone they share one
    // spot, the update prompt over the install prompt: neither may push the other up when it
    // appears (that would be a layout shift), whichever comes first.
    <div className="pointer-events-none fixed inset-x-4 bottom-4 z-50 grid items-end gap-3 sm:flex sm:flex-row">
      <div className="col-start-1 row-start-1 flex flex-col justify-end">
        <InstallPrompt />
      </div>
      <div className="col-start-1 row-start-1 flex flex-col justify-end sm:ms-auto">
        {idle ? <UpdatePrompt /> : null}
      </div>
    </div>
  );
}
