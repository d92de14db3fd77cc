import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { httpStatusOf, messageOf } from '../../lib/api-error';
import { notify } from '../../lib/toast';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { confirmDialog } from '../../shared/dialogs/dialog.store';
import { type CreateTokenInput, type TokenFieldErrors, fieldErrorsOf } from './token-form.model';

export type PersonalToken = RouterOutputs['token']['list']['tokens'][number];

/**
 * Creating and revoking a token need the server; they are never queued (decision 271). Getters:
 * each is said in the page's language at the moment it is read.
 */
export const OFFLINE_MESSAGE = {
  get create() {
    return t`You’re offline. Creating a token needs a connection, so nothing was created.`;
  },
  get revoke() {
    return t`You’re offline. Revoking a token needs a connection, so it still works. Try again when online.`;
  },
};

/** What a create that failed tells the form: messages at its fields, or one for the whole form. */
export interface CreateRefusal {
  fields: TokenFieldErrors;
  form?: string;
}

const issuesOf = (error: unknown): { path: string[]; message: string }[] => {
  const data = (error as { data?: { issues?: unknown } } | null)?.data;
  return Array.isArray(data?.issues) ? (data.issues as { path: string[]; message: string }[]) : [];
};

/** A refusal in the form's words: a validation issue at its field, anything else for the form. */
export function refusalOf(error: unknown): CreateRefusal {
  const status = httpStatusOf(error);
  if (status === undefined) return { fields: {}, form: OFFLINE_MESSAGE.create };
  const fields = status === 400 ? fieldErrorsOf(issuesOf(error)) : {};
  if (Object.keys(fields).length > 0) return { fields };
  return { fields: {}, form: messageOf(error) ?? t`The token could not be created. Please try again.` };
}

/**
 * Settings → Privacy & Security, "Apps and tokens" (issue 59): trpc token.list, refetched after a
 * create and a revoke. The list holds no secret (the contract's PersonalToken has none), so it is
 * kept on the device like the other settings answers. Create and revoke go through the plain client
 * (utils.client), not useMutation: a mutation's answer stays in React Query's mutation cache, which
 * the offline copy could save, and a mutation started offline waits and is sent later, which a
 * token must never be (decision 271). The secret create answers lives only in the caller's state.
 */
export function useAccessTokens() {
  const utils = trpc.useUtils();
  const list = trpc.token.list.useQuery();
  const [creating, setCreating] = useState(false);
  const refresh = () => utils.token.list.invalidate();

  return {
    tokens: list.data?.tokens,
    loading: list.isPending,
    failed: list.isError && list.data === undefined,
    creating,
    /** Creates a token: its secret (shown once by the caller), or a refusal to show at the form. */
    async create(
      input: CreateTokenInput,
    ): Promise<{ token: PersonalToken; secret: string } | { refusal: CreateRefusal }> {
      if (!navigator.onLine) return { refusal: { fields: {}, form: OFFLINE_MESSAGE.create } };
      setCreating(true);
      try {
        const created = await utils.client.token.create.mutate(input);
        notify.success(t`Token created`);
        await refresh();
        return created;
      } catch (error) {
        return { refusal: refusalOf(error) };
      } finally {
        setCreating(false);
      }
    },
    /** Asks first, naming the token; true when it was revoked (it is gone from the list then). */
    async revoke(token: PersonalToken): Promise<boolean> {
      const name = token.name;
      const confirmed = await confirmDialog({
        title: t`Revoke token`,
        message: t`“${name}” stops working at once: every app or script using it is refused from now on.`,
        confirmLabel: t`Yes, revoke it`,
        danger: true,
      });
      if (!confirmed) return false;
      if (!navigator.onLine) {
        notify.error(OFFLINE_MESSAGE.revoke);
        return false;
      }
      try {
        await utils.client.token.revoke.mutate({ id: token.id });
        utils.token.list.setData(undefined, (old) =>
          old ? { ...old, tokens: old.tokens.filter((t) => t.id !== token.id) } : old,
        );
        notify.success(t`“${name}” revoked`);
        return true;
      } catch (error) {
        const status = httpStatusOf(error);
        notify.error(
          status === undefined
            ? OFFLINE_MESSAGE.revoke
            : (messageOf(error) ?? t`The token could not be revoked`),
        );
        return false;
      } finally {
        await refresh();
      }
    },
  };
}
