import { Trans, useLingui } from '@lingui/react/macro';
import { MAX_PERSONAL_TOKENS } from '@medrem/contract/token-scopes';
import { useId, useRef } from 'react';
import { useOnlineStatus } from '../../app/shell/use-online-status.hook';
import { serverClock } from '../../lib/server-clock';
import { type PersonalToken, useAccessTokens } from './access-tokens.queries';
import { CreateTokenForm } from './create-token-form.component';
import { TokenListItem } from './token-list-item.component';

/**
 * The server's now (from its Date headers): it judges whether an expiry is past and when a token
 * ends, so the list's "expired" and the form's dates follow it rather than a device clock that is off.
 */
const serverNow = () => serverClock.now();

/**
 * Settings → Privacy & Security, "Apps and tokens" (issue 59): personal access tokens for scripts,
 * widgets and home automation, each with its own scopes, instead of the account's password.
 */
export function AccessTokensSection(props: { now?: () => Date }) {
  const { t } = useLingui();
  const now = props.now ?? serverNow;
  const tokens = useAccessTokens();
  const online = useOnlineStatus();
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const atLimit = (tokens.tokens?.length ?? 0) >= MAX_PERSONAL_TOKENS;

  const revoke = async (token: PersonalToken) => {
    // The item and its button are gone: the focus goes to the section rather than to the page's top.
    if (await tokens.revoke(token)) heading.current?.focus();
  };

  return (
    <section aria-labelledby={`${id}-title`} className="mt-2 border-t border-slate-200 pt-5">
      <h3
        id={`${id}-title`}
        ref={heading}
        tabIndex={-1}
        className="mb-2 text-lg font-semibold text-slate-900"
      >
        <Trans>Apps and tokens</Trans>
      </h3>
      <p className="text-sm text-slate-700">
        <Trans>
          Give an app or script (a home-automation add-on, a widget) its own token instead of your password.
          It can do only what you tick, and you can revoke it here at any time.
        </Trans>
      </p>
      {/* Decision 268: what ends a token besides Revoke. */}
      <p className="mt-1 text-sm text-slate-700">
        <Trans>
          Tokens keep working when you change your password or sign out everywhere; resetting a forgotten
          password revokes them all.
        </Trans>
      </p>
      {online ? null : (
        <p role="status" className="mt-2 text-sm font-medium text-amber-900">
          <Trans>
            You’re offline. Creating and revoking tokens needs a connection; nothing is saved to send later.
          </Trans>
        </p>
      )}
      {tokens.loading ? (
        <p className="mt-3 text-sm text-slate-600">
          {online ? t`Loading…` : t`Your tokens are listed here once you’re back online.`}
        </p>
      ) : tokens.failed ? (
        <p className="mt-3 text-sm text-red-800" role="alert">
          <Trans>Your tokens could not be loaded. Please try again later.</Trans>
        </p>
      ) : tokens.tokens && tokens.tokens.length > 0 ? (
        <ul className="divide-y divide-slate-200" aria-label={t`Your tokens`}>
          {tokens.tokens.map((token) => (
            <TokenListItem key={token.id} token={token} now={now()} onRevoke={() => void revoke(token)} />
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-slate-800">
          <Trans>No app or script has a token yet.</Trans>
        </p>
      )}
      <div className="mt-4 border-t border-slate-200 pt-4">
        {/* Kept mounted at the limit: the 100th token's secret is still on show in it. */}
        <CreateTokenForm tokens={tokens} now={now} limitReached={atLimit} />
      </div>
    </section>
  );
}
