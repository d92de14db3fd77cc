import { type ReactNode, Suspense } from 'react';
import { useHydrated } from '../../../lib/hydrated.hook';
import { lazyNamed } from '../../../lib/lazy-named';
import { cardClass } from '../../../shared/ui/button.styles';
import { InvitationNotice } from './invitation-notice.component';
import { SocialSignIn } from './social-sign-in.component';

// Below the form, after the first paint: not in the first page's script (decision 361's budget).
const SignedOutLanguage = lazyNamed(
  () => import('../../../i18n/signed-out-language.component'),
  'SignedOutLanguage',
);

/** The frame of Login and Register: title, what an invitation link is about (decision 193), the form, the third-party options and the link to the other one. */
export function AuthCard(props: {
  id: string;
  title: string;
  children: ReactNode;
  footer: ReactNode;
  /** Where the sign-in lands (?redirect=), a third-party one too. */
  redirect?: string | undefined;
}) {
  const hydrated = useHydrated();
  return (
    <section className={`${cardClass} mx-auto w-full max-w-md`} aria-labelledby={props.id}>
      <h1 id={props.id} className="mb-6 text-2xl font-bold text-slate-900">
        {props.title}
      </h1>
      <InvitationNotice redirect={props.redirect} />
      {props.children}
      <SocialSignIn redirect={props.redirect} />
      <p className="mt-6 text-center text-slate-700">{props.footer}</p>
      {/* Issue 54: a visitor can read these pages in their language before they can sign in. */}
      <div className="mt-4 border-t border-slate-200 pt-4">
        {/* Not in the page rendered at build time: fetched once the app has taken it over. */}
        {hydrated ? (
          <Suspense fallback={null}>
            <SignedOutLanguage />
          </Suspense>
        ) : null}
      </div>
    </section>
  );
}
