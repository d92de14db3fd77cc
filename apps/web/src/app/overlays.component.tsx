import { ToastHost } from '../shared/ui/toast-host.component';
import { PwaPrompts } from './shell/pwa-prompts.component';

/**
 * The PWA prompts and the toasts, in `#overlays`: a React root of their own beside the page's
 * (`Root`), so they stay mounted when the signed-out first paint hands over to the full app (a
 * "Welcome back!" toast shown by the login form is still there on the dashboard; one service
 * worker registration), and so the page's root holds only what is rendered at build time
 * (decision 058).
 */
export function Overlays() {
  return (
    <>
      <PwaPrompts />
      <ToastHost />
    </>
  );
}
