import type { ReactNode } from 'react';
import { cardClass } from '../../../shared/ui/button.styles';
import { SocialSignIn } from './social-sign-in.component';

/** The frame of Login and Register: title, the form, the third-party options and the link to the other one. */
export function AuthCard(props: {
  id: string;
  title: string;
  children: ReactNode;
  footer: ReactNode;
  /** Where a third-party sign-in lands (Login's ?redirect=). */
  redirect?: string | undefined;
}) {
  return (
    <section className={`${cardClass} mx-auto w-full max-w-md`} aria-labelledby={props.id}>
      <h1 id={props.id} className="mb-6 text-2xl font-bold text-slate-900">
        {props.title}
      </h1>
      {props.children}
      <SocialSignIn redirect={props.redirect} />
      <p className="mt-6 text-center text-slate-700">{props.footer}</p>
    </section>
  );
}
