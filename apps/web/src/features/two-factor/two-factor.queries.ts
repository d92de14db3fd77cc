import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { messageOf } from '../../lib/api-error';
import { notify } from '../../lib/toast';
import { renewAccessToken } from '../../lib/token-refresh';
import { type RouterOutputs, trpc } from '../../lib/trpc';

export type TwoFactorSetup = RouterOutputs['twoFactor']['startSetup'];

const offline = () => t`You’re offline. Two-step sign-in changes need a connection; nothing was changed.`;

/** A call's refusal in words for the form, or null when it went through. */
type Outcome<T> = { ok: T } | { refusal: string };

/**
 * Settings → Privacy & Security, "Two-step sign-in" (issue 57): trpc twoFactor.status (online only,
 * never kept on the device), and the changes through the plain client, not useMutation: a secret
 * and recovery codes must not sit in React Query's mutation cache, which the offline copy could
 * save, nor be queued to send later (as the personal tokens, decision 271).
 */
export function useTwoFactor() {
  const utils = trpc.useUtils();
  const status = trpc.twoFactor.status.useQuery();
  const [busy, setBusy] = useState(false);

  async function call<T>(work: () => Promise<T>, done?: string): Promise<Outcome<T>> {
    if (!navigator.onLine) return { refusal: offline() };
    setBusy(true);
    try {
      const ok = await work();
      if (done) notify.success(done);
      await utils.twoFactor.status.invalidate();
      return { ok };
    } catch (error) {
      return { refusal: messageOf(error) ?? t`That did not work. Please try again.` };
    } finally {
      setBusy(false);
    }
  }

  const client = utils.client.twoFactor;
  return {
    status: status.data,
    loading: status.isPending,
    failed: status.isError && status.data === undefined,
    busy,
    start: () => call(() => client.startSetup.mutate({})),
    confirm: async (code: string) => {
      const outcome = await call(async () => {
        const answer = await client.confirmSetup.mutate({ code });
        // Every access token ended with the other sessions: this device's next call must not be
        // refused first (as after "Sign out everywhere").
        await renewAccessToken();
        return answer;
      });
      // Decision 353: turning it on signs the other devices out; say so, as they will notice.
      if ('ok' in outcome) {
        notify.success(
          outcome.ok.otherSessionsEnded > 0
            ? t`Two-step sign-in is on. Your other devices were signed out.`
            : t`Two-step sign-in is on`,
        );
      }
      return outcome;
    },
    regenerate: (code: string) =>
      call(() => client.regenerateRecoveryCodes.mutate({ code }), t`New recovery codes made`),
    disable: (code: string, password: string | undefined) =>
      call(
        () => client.disable.mutate({ code, ...(password ? { password } : {}) }),
        t`Two-step sign-in is off`,
      ),
  };
}
