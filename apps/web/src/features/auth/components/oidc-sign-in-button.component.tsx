import { Trans } from '@lingui/react/macro';
import { KeyRound } from 'lucide-react';
import { buttonClass } from '../../../shared/ui/button.styles';
import { safeRedirect } from '../safe-redirect';

/**
 * Self-hosted OpenID Connect: a full-page visit to the server, which sends the browser on to the
 * provider and back (authorization code flow). The label names the provider.
 */
export function OidcSignInButton(props: { label: string; startUrl: string; redirect?: string | undefined }) {
  const label = props.label;
  const href = `${props.startUrl}?redirect=${encodeURIComponent(safeRedirect(props.redirect))}`;
  return (
    <a href={href} className={`${buttonClass.secondary} w-full`}>
      <KeyRound aria-hidden="true" className="size-5" />
      <Trans>Login with {label}</Trans>
    </a>
  );
}
