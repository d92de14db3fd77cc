import type { ReactNode } from 'react';
import { cardClass } from '../../../shared/ui/button.styles';
import { GoogleSignInButton } from './google-sign-in-button.component';

/** The frame of Login and Register: title, the form, the Google option and the link to the other one. */
export function AuthCard(props: { id: string; title: string; children: ReactNode; footer: ReactNode }) {
  return (
    <section className={`${cardClass} mx-auto w-full max-w-md`} aria-labelledby={props.id}>
      <h1 id={props.id} className="mb-6 text-2xl font-bold text-slate-900">
        {props.title}
      </h1>
      {props.children}
      <div className="my-4 flex items-center gap-3 text-sm text-slate-600" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-300" /> or <span className="h-px flex-1 bg-slate-300" />
      </div>
      <GoogleSignInButton />
      <p className="mt-6 text-center text-slate-700">{props.footer}</p>
    </section>
  );
}
