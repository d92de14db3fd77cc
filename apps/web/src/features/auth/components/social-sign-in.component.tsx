import { useLingui } from '@lingui/react/macro';
import { useSignInProviders } from '../social/sign-in-providers.hook';
import { GoogleSignInButton } from './google-sign-in-button.component';
import { OidcSignInButton } from './oidc-sign-in-button.component';

/** The third-party options this server offers; nothing at all (no dead control) when none is. */
export function SocialSignIn({ redirect }: { redirect?: string | undefined }) {
  const { t } = useLingui();
  const providers = useSignInProviders();
  if (!providers?.firebase && !providers?.oidc) return null;
  return (
    <>
      <div className="my-4 flex items-center gap-3 text-sm text-slate-600" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-300" />{' '}
        {t({ message: 'or', comment: 'Between the sign-in form and the buttons of other ways to sign in' })}{' '}
        <span className="h-px flex-1 bg-slate-300" />
      </div>
      <div className="flex flex-col gap-3">
        {providers.firebase ? <GoogleSignInButton config={providers.firebase} redirect={redirect} /> : null}
        {providers.oidc ? (
          <OidcSignInButton
            label={providers.oidc.label}
            startUrl={providers.oidc.startUrl}
            redirect={redirect}
          />
        ) : null}
      </div>
    </>
  );
}
