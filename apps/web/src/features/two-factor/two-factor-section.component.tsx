import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { useOnlineStatus } from '../../app/shell/use-online-status.hook';
import { formatDateTime } from '../../i18n/intl-formats';
import { trpc } from '../../lib/trpc';
import { buttonClass } from '../../shared/ui/button.styles';
import { useSignedInUser } from '../auth/auth.context';
import { CodeForm } from './code-form.component';
import { RecoveryCodesOnce } from './recovery-codes-once.component';
import { type TwoFactorSetup, useTwoFactor } from './two-factor.queries';

/** The base32 key in groups of four, as authenticator apps show a key typed by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();
const dateOf = (iso: string) => formatDateTime(iso, { dateStyle: 'medium' }, 'en-US');

/**
 * Settings → Privacy & Security, "Two-step sign-in" (issue 57, decisions 286–288): set up with an
 * authenticator app (QR code or key, then a code), the recovery codes shown once, new codes and
 * turning it off, each with a current code (and the password to turn it off).
 */
export function TwoFactorSection() {
  const { t } = useLingui();
  const user = useSignedInUser();
  const methods = trpc.social.signInMethods.useQuery({ userEmail: user.email });
  const hasPassword = methods.data?.hasPassword ?? true;
  const twoFactor = useTwoFactor();
  const online = useOnlineStatus();
  const id = useId();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [action, setAction] = useState<'regenerate' | 'disable' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { status } = twoFactor;

  const start = async () => {
    const outcome = await twoFactor.start();
    if ('ok' in outcome) setSetup(outcome.ok);
    setFailure('refusal' in outcome ? outcome.refusal : null);
  };
  // When it was turned on (or "now", before the answer says), and how many recovery codes are left.
  const enabledSince = (on: { enabledAt: string | null; recoveryCodesLeft: number }) => {
    const left = on.recoveryCodesLeft;
    if (!on.enabledAt) {
      return t`On since now. ${plural(left, { one: '# of 10 recovery codes left.', other: '# of 10 recovery codes left.' })}`;
    }
    const date = dateOf(on.enabledAt);
    return t`On since ${date}. ${plural(left, { one: '# of 10 recovery codes left.', other: '# of 10 recovery codes left.' })}`;
  };
  const withCodes = (outcome: { ok: { recoveryCodes: string[] } } | { refusal: string }) => {
    if ('refusal' in outcome) return outcome.refusal;
    setCodes(outcome.ok.recoveryCodes);
    setSetup(null);
    setAction(null);
    return null;
  };

  return (
    <section aria-labelledby={`${id}-title`} className="mt-2 border-t border-slate-200 pt-5">
      <h3 id={`${id}-title`} className="mb-2 text-lg font-semibold text-slate-900">
        <Trans>Two-step sign-in</Trans>
      </h3>
      <p className="text-sm text-slate-700">
        <Trans>
          After your password, sign-in also asks for a code from an authenticator app on your phone, so a
          stolen password alone does not open your account. Google and OpenID Connect sign-ins use that
          provider’s own protection.
        </Trans>
      </p>
      {online ? null : (
        <p role="status" className="mt-2 text-sm font-medium text-amber-900">
          <Trans>You’re offline. Two-step sign-in is shown and changed here once you’re back online.</Trans>
        </p>
      )}
      <div className="mt-3 flex flex-col gap-4">
        {codes ? <RecoveryCodesOnce codes={codes} onDone={() => setCodes(null)} /> : null}
        {twoFactor.loading ? (
          <p className="text-sm text-slate-600">{online ? t`Loading…` : ''}</p>
        ) : twoFactor.failed || !status ? (
          <p className="text-sm text-red-800" role="alert">
            <Trans>Two-step sign-in could not be loaded. Please try again later.</Trans>
          </p>
        ) : status.enabled ? (
          <>
            <p className="text-sm font-medium text-slate-900">{enabledSince(status)}</p>
            {action === null ? (
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  className={buttonClass.secondary}
                  onClick={() => setAction('regenerate')}
                >
                  <Trans>New recovery codes</Trans>
                </button>
                <button type="button" className={buttonClass.secondary} onClick={() => setAction('disable')}>
                  <Trans>Turn off</Trans>
                </button>
              </div>
            ) : action === 'regenerate' ? (
              <CodeForm
                title={t`New recovery codes`}
                hint={t`Your old recovery codes stop working.`}
                submitLabel={t`Make new codes`}
                busyLabel={t`Making…`}
                busy={twoFactor.busy}
                onSubmit={async (code) => withCodes(await twoFactor.regenerate(code))}
                onCancel={() => setAction(null)}
              />
            ) : (
              <CodeForm
                title={t`Turn off two-step sign-in`}
                hint={t`Your password alone will sign you in again.`}
                submitLabel={t`Turn off`}
                busyLabel={t`Turning off…`}
                busy={twoFactor.busy}
                withPassword={hasPassword}
                danger
                onSubmit={async (code, password) => {
                  const outcome = await twoFactor.disable(code, password);
                  if ('refusal' in outcome) return outcome.refusal;
                  setAction(null);
                  return null;
                }}
                onCancel={() => setAction(null)}
              />
            )}
          </>
        ) : setup ? (
          <SetupSteps
            setup={setup}
            busy={twoFactor.busy}
            onConfirm={async (code) => withCodes(await twoFactor.confirm(code))}
            onCancel={() => setSetup(null)}
          />
        ) : (
          <div>
            <p className="mb-2 text-sm text-slate-800">
              <Trans>Two-step sign-in is off.</Trans>
            </p>
            <button
              type="button"
              className={buttonClass.primary}
              disabled={twoFactor.busy}
              onClick={() => void start()}
            >
              <Trans>Set up two-step sign-in</Trans>
            </button>
          </div>
        )}
        {failure ? (
          <p role="alert" className="text-sm text-red-800">
            {failure}
          </p>
        ) : null}
      </div>
    </section>
  );
}

function SetupSteps(props: {
  setup: TwoFactorSetup;
  busy: boolean;
  onConfirm: (code: string) => Promise<string | null>;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const { setup } = props;
  const key = grouped(setup.secret);
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-800">
        <Trans>
          1. Scan this QR code with an authenticator app (for example Aegis, Google Authenticator, 1Password
          or Bitwarden), or type the key in by hand.
        </Trans>
      </p>
      <img
        src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qrSvg)}`}
        alt={t`QR code to scan with your authenticator app`}
        width={192}
        height={192}
        className="rounded border border-slate-200 bg-white"
      />
      <p className="text-sm text-slate-800">
        <Trans>
          Key:{' '}
          <code className="font-mono break-all text-slate-900" data-testid="two-factor-key">
            {key}
          </code>
        </Trans>
      </p>
      <CodeForm
        title={t`2. Enter the code the app shows`}
        hint={t`Six digits; they change every 30 seconds.`}
        submitLabel={t`Turn on`}
        busyLabel={t`Checking…`}
        busy={props.busy}
        onSubmit={props.onConfirm}
        onCancel={props.onCancel}
      />
    </div>
  );
}
