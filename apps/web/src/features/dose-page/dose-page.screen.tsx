import { msg, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, getRouteApi, useNavigate } from '@tanstack/react-router';
import { CheckCircle2, Circle, CircleMinus } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { SkipReason } from '@medrem/domain';
import { httpStatusOf, messageOf } from '../../lib/api-error';
import { usePageTitle } from '../../lib/page-title.hook';
import { trpc } from '../../lib/trpc';
import { buttonClass, cardClass } from '../../shared/ui/button.styles';
import { Spinner } from '../../shared/ui/spinner.component';
import { useAuth } from '../auth/auth.context';
import { DoseSkipEditor } from '../dashboard/components/dose-skip-editor.component';
import { TODAY_DOSES_ID } from '../notifications/notification-target';
import { type DosePress, useKeptDosePresses } from './dose-page-outbox';
import { DosePagePostpone } from './dose-page-postpone.component';
import { doseHeading, medicineLabel, settledText, stateText, takeLabel } from './dose-page.model';

const route = getRouteApi('/dose');

/** Why an action was not recorded: the server's own words. */
const refusalOf = (error: unknown): string | undefined => messageOf(error);

/** What the page says while a press made offline waits on the device (decision 260). */
export const SAVED_OFFLINE = msg`Saved on this device, will be sent when online.`;

/** Large targets for a thumb: 56 px tall, the width of the phone. */
const bigButton = 'min-h-14 w-full text-lg';

/**
 * The page a tap on a reminder opens (decision 241): the dose slot its link names, with Take,
 * Snooze, Skip (with a reason, decision 225) and Postpone (decision 343), working from the link's signed token alone, so a phone without notification buttons
 * (an iPhone) settles a dose in one tap without signing in. Signed in, the dashboard shows the same
 * dose with everything else, so the page hands over to it.
 */
export function DosePageScreen() {
  const { t } = useLingui();
  usePageTitle(t`Dose`, t`Record the dose a reminder is about.`);
  const { token } = route.useSearch();
  const { user, loading } = useAuth();
  const navigate = useNavigate();
  const signedIn = !loading && user !== null;
  useEffect(() => {
    if (signedIn) void navigate({ to: '/', hash: TODAY_DOSES_ID, replace: true });
  }, [signedIn, navigate]);

  if (loading || signedIn) return <Spinner label={t`Opening your dose...`} />;
  return (
    <div className={`${cardClass} mx-auto flex w-full max-w-md flex-col gap-5`}>
      {token ? <DoseSlot token={token} /> : <LinkProblem message={t`This reminder link is incomplete.`} />}
    </div>
  );
}

/** What to do when the link cannot be used: it expired (or is forged), or the dose went away. */
function LinkProblem({ message, advice }: { message: string; advice?: string }) {
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">
        <Trans>Your dose</Trans>
      </h1>
      <p role="alert" className="text-lg font-medium text-red-700">
        {message}
      </p>
      {advice ? <p className="text-slate-800">{advice}</p> : null}
      <Link to="/" className={`${buttonClass.primary} ${bigButton}`}>
        <Trans>Open the app</Trans>
      </Link>
    </>
  );
}

/** The page's words for a link the server refused, or could not be asked about. */
function problemOf(error: unknown): { message: string; advice?: string } {
  const status = httpStatusOf(error);
  const message = messageOf(error) ?? t`This reminder link can't be opened.`;
  if (status === 401)
    return {
      message,
      advice: t`A reminder link works for a few hours after its reminder. In the app, signed in, you can record this dose from the day’s doses or the history.`,
    };
  if (status === 404)
    return {
      message,
      advice: t`Your medicines or their times have changed since. The app shows today’s doses.`,
    };
  if (status === 400) return { message };
  return { message: t`We couldn't reach the server. Check your connection and try again.` };
}

function DoseSlot({ token }: { token: string }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  // Not retried: a refused link stays refused, and the page says so at once.
  const dose = trpc.push.dose.useQuery({ token }, { retry: false, refetchOnWindowFocus: true });
  const act = trpc.push.action.useMutation({
    onSuccess: () => void utils.push.dose.invalidate({ token }),
  });
  const [snoozed, setSnoozed] = useState(false);
  const [skipping, setSkipping] = useState(false);
  const [skipped, setSkipped] = useState(false);
  /** What the server answered to presses kept offline, once they were sent. */
  const [sentLater, setSentLater] = useState<{ ok: boolean; message: string } | null>(null);
  const kept = useKeptDosePresses(token, (results) => {
    const last = results.at(-1)!;
    const said = last.outcome === 'synced' ? (last.body as { message?: unknown }).message : null;
    setSentLater(
      last.outcome === 'synced'
        ? { ok: true, message: typeof said === 'string' ? said : t`Sent.` }
        : { ok: false, message: last.message },
    );
    void utils.push.dose.invalidate({ token });
  });

  if (dose.isPending) return <Spinner label={t`Loading your dose...`} />;
  if (dose.isError) return <LinkProblem {...problemOf(dose.error)} />;
  const page = dose.data;
  const { title, day } = doseHeading(page);
  const settled = settledText(page);
  /**
   * Sends a press, or keeps it on the device when offline (or the server cannot be reached), to be
   * sent when back online. 'kept' or 'sent'; a refusal of the server is thrown.
   */
  const press = async (input: DosePress): Promise<'kept' | 'sent'> => {
    const keep = async () => {
      act.reset();
      setSentLater(null);
      await kept.keep(input);
      return 'kept' as const;
    };
    if (!navigator.onLine) return keep();
    try {
      await act.mutateAsync({ token, ...input, idempotencyKey: crypto.randomUUID() });
      return 'sent';
    } catch (error) {
      if (httpStatusOf(error) === undefined) return keep();
      throw error;
    }
  };
  const run = (action: 'take' | 'snooze') =>
    void press({ action }).then(
      (outcome) => outcome === 'sent' && action === 'snooze' && setSnoozed(true),
      () => undefined, // the mutation's error is shown below
    );
  /** The skip form's save: null when recorded or kept, else the reason it was not, shown in the form. */
  const skip = async (reason: SkipReason | null, note: string): Promise<string | null> => {
    try {
      await press({ action: 'skip', reason: reason ?? undefined, note: note.trim() || undefined });
      setSkipped(true);
      return null;
    } catch (error) {
      return refusalOf(error) ?? t`The dose could not be skipped.`;
    }
  };
  /** The postpone form's save (decision 343): null when sent or kept, else the server's reason. */
  const postpone = async (newTime: string): Promise<string | null> => {
    try {
      await press({ action: 'postpone', newTime });
      return null;
    } catch (error) {
      return refusalOf(error) ?? t`The dose could not be postponed.`;
    }
  };
  const waiting = kept.waiting > 0;
  const doseName =
    page.medicines.length > 1
      ? t({
          message: 'these doses',
          comment: 'Inserted in "Skip {doseName}? Why:" and "Postpone {doseName} to…"',
        })
      : t({
          message: 'this dose',
          comment: 'Inserted in "Skip {doseName}? Why:" and "Postpone {doseName} to…"',
        });

  return (
    <>
      <header className="flex flex-col gap-1">
        <p className="text-sm font-medium uppercase tracking-wide text-brand-800">
          <Trans>Dose reminder</Trans>
        </p>
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        <p className="text-slate-700">{day}</p>
      </header>
      <ul
        className="flex flex-col divide-y divide-slate-200 rounded-lg border border-slate-200"
        aria-label={t`Medicines`}
      >
        {page.medicines.map((m) => (
          <li key={`${m.name}|${m.dosage}`} className="flex items-center gap-3 px-4 py-3">
            {m.taken ? (
              <CheckCircle2 aria-hidden="true" className="size-6 shrink-0 text-green-700" />
            ) : m.skipped ? (
              <CircleMinus aria-hidden="true" className="size-6 shrink-0 text-slate-600" />
            ) : (
              <Circle aria-hidden="true" className="size-6 shrink-0 text-slate-500" />
            )}
            <span className="flex-1 text-lg text-slate-900">{medicineLabel(m)}</span>
            <span className={m.taken ? 'font-medium text-green-800' : 'text-slate-700'}>{stateText(m)}</span>
          </li>
        ))}
      </ul>
      <div aria-live="polite" className="min-h-6">
        {waiting ? (
          <p role="status" className="text-lg font-medium text-amber-900">
            {t(SAVED_OFFLINE)}
          </p>
        ) : sentLater ? (
          <p
            role={sentLater.ok ? 'status' : 'alert'}
            className={`text-lg font-medium ${sentLater.ok ? 'text-green-800' : 'text-red-700'}`}
          >
            {sentLater.message}
          </p>
        ) : act.isSuccess ? (
          <p role="status" className="text-lg font-medium text-green-800">
            {act.data.message}
          </p>
        ) : settled ? (
          <p role="status" className="text-lg font-medium text-green-800">
            {settled}
          </p>
        ) : null}
        {act.isError ? (
          <p role="alert" className="text-lg font-medium text-red-700">
            {refusalOf(act.error)}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col gap-3">
        {page.actions.includes('take') && !waiting ? (
          <button
            type="button"
            className={`${buttonClass.primary} ${bigButton}`}
            disabled={act.isPending}
            onClick={() => run('take')}
          >
            {takeLabel(page)}
          </button>
        ) : null}
        {page.actions.includes('snooze') && !snoozed && !skipped && !waiting ? (
          <button
            type="button"
            className={`${buttonClass.secondary} ${bigButton}`}
            disabled={act.isPending}
            onClick={() => run('snooze')}
          >
            <Trans>Snooze 10 min</Trans>
          </button>
        ) : null}
        {page.actions.includes('skip') && !skipped && !waiting ? (
          skipping ? (
            <DoseSkipEditor doseName={doseName} onSkip={skip} onClose={() => setSkipping(false)} />
          ) : (
            <button
              type="button"
              className={`${buttonClass.secondary} ${bigButton}`}
              disabled={act.isPending}
              onClick={() => setSkipping(true)}
            >
              <Trans>Skip…</Trans>
            </button>
          )
        ) : null}
        {page.actions.includes('postpone') && !skipped && !waiting ? (
          <DosePagePostpone
            page={page}
            doseName={doseName}
            className={bigButton}
            disabled={act.isPending}
            onPostpone={postpone}
          />
        ) : null}
        <Link to="/" className={`${buttonClass.ghost} ${bigButton}`}>
          <Trans>Open the app</Trans>
        </Link>
      </div>
    </>
  );
}
