import { useLingui } from '@lingui/react/macro';
import { Link, type ErrorComponentProps } from '@tanstack/react-router';
import { httpStatusOf, messageOf } from '../lib/api-error';
import { buttonClass, cardClass } from '../shared/ui/button.styles';

/** A failed route load (e.g. a medicine that is not yours or no longer exists). */
export function RouteError({ error }: ErrorComponentProps) {
  const { t } = useLingui();
  const status = httpStatusOf(error);
  const signedOut = status === 401;
  return (
    <div className={`${cardClass} mx-auto max-w-md text-center`} role="alert">
      <h1 className="text-xl font-semibold text-slate-900">
        {signedOut ? t`Access Denied` : t`Something went wrong`}
      </h1>
      <p className="my-4 text-slate-700">
        {signedOut
          ? t`Please log in to access this feature.`
          : status === 404
            ? t`This medicine was not found.`
            : (messageOf(error) ?? t`Something went wrong. Please try again later.`)}
      </p>
      <Link to={signedOut ? '/login' : '/'} className={buttonClass.primary}>
        {signedOut ? t`Login` : t`Back to Home`}
      </Link>
    </div>
  );
}
