import { Trans, useLingui } from '@lingui/react/macro';
import { MAX_PERSONAL_TOKENS, TOKEN_SCOPES, TOKEN_SCOPE_TEXT } from '@medrem/contract/token-scopes';
import { KeyRound } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { formatDateTime } from '../../i18n/intl-formats';
import { buttonClass, inputClass } from '../../shared/ui/button.styles';
import { Field, FieldError, fieldAria } from '../../shared/ui/field.component';
import { SecretOnce } from '../../shared/ui/secret-once.component';
import type { useAccessTokens } from './access-tokens.queries';
import {
  EXPIRY_CHOICES,
  type ExpiryChoice,
  type TokenFieldErrors,
  checkTokenDraft,
  emptyTokenDraft,
  expiresAtOf,
  withScope,
} from './token-form.model';

const dayOf = (iso: string) => formatDateTime(iso, { dateStyle: 'long' }, 'en-US');

/**
 * Creates a token: a name, the scopes ticked one by one with what each allows in plain words
 * (nothing ticked at first, decision 270), an expiry. Its secret is then shown once, focused, in
 * this component's state only; leaving the screen forgets it.
 */
export function CreateTokenForm(props: {
  tokens: ReturnType<typeof useAccessTokens>;
  now: () => Date;
  limitReached: boolean;
}) {
  const { t } = useLingui();
  const { tokens, now, limitReached } = props;
  const id = useId();
  const [draft, setDraft] = useState(emptyTokenDraft);
  const [errors, setErrors] = useState<TokenFieldErrors>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const nameField = useRef<HTMLInputElement>(null);
  const scopeList = useRef<HTMLFieldSetElement>(null);
  const expiresAt = expiresAtOf(draft.expiry, now());
  // The texts' placeholders.
  const max = MAX_PERSONAL_TOKENS;
  const day = expiresAt ? dayOf(expiresAt) : '';
  const createdName = created?.name ?? '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    const checked = checkTokenDraft(draft, now());
    if (checked.errors) {
      setErrors(checked.errors);
      // The first field to mend gets the focus; its message is read with it.
      if (checked.errors.name) nameField.current?.focus();
      else if (checked.errors.scopes) scopeList.current?.querySelector('input')?.focus();
      return;
    }
    setErrors({});
    setCreated(null);
    const answer = await tokens.create(checked.input);
    if ('refusal' in answer) {
      setErrors(answer.refusal.fields);
      setFormError(answer.refusal.form);
      return;
    }
    setCreated({ name: answer.token.name, secret: answer.secret });
    setDraft(emptyTokenDraft());
  };

  return (
    <div className="flex flex-col gap-3">
      <form
        onSubmit={(e) => void submit(e)}
        className="flex flex-col gap-3"
        aria-labelledby={`${id}-title`}
        noValidate
      >
        <h4 id={`${id}-title`} className="font-semibold text-slate-900">
          <Trans>Create a token</Trans>
        </h4>
        {limitReached ? (
          <p className="text-sm font-medium text-slate-900">
            <Trans>
              You have {max} tokens, the most one account can have. Revoke one you no longer use to create
              another.
            </Trans>
          </p>
        ) : (
          <>
            <Field
              id={`${id}-name`}
              label={t({
                message: 'Name',
                context: 'an access token',
                comment: 'What the person calls a new access token',
              })}
              hint={t`So you know which app or script uses it, e.g. Home Assistant.`}
              error={errors.name}
            >
              <input
                ref={nameField}
                autoComplete="off"
                className={`${inputClass} sm:max-w-96`}
                value={draft.name}
                onChange={(e) => setDraft({ ...draft, name: e.target.value })}
                {...fieldAria(`${id}-name`, errors.name, true)}
              />
            </Field>
            <fieldset
              className="flex flex-col gap-2"
              ref={scopeList}
              aria-describedby={errors.scopes ? `${id}-scopes-error` : undefined}
            >
              <legend className="font-medium text-slate-800">
                <Trans>What it may do</Trans>
              </legend>
              {TOKEN_SCOPES.map((scope) => (
                <label key={scope} className="flex min-h-11 items-start gap-3 py-1">
                  <input
                    type="checkbox"
                    className="mt-1 size-5 shrink-0 accent-brand-700"
                    checked={draft.scopes.includes(scope)}
                    onChange={(e) =>
                      setDraft({ ...draft, scopes: withScope(draft.scopes, scope, e.target.checked) })
                    }
                  />
                  <span className="text-slate-900">
                    {TOKEN_SCOPE_TEXT[scope]}{' '}
                    <span className="font-mono text-sm text-slate-600">({scope})</span>
                  </span>
                </label>
              ))}
              <p className="text-sm text-slate-600">
                <Trans>
                  No token can change your account, password or tokens, export your data or delete the
                  account.
                </Trans>
              </p>
              <FieldError id={`${id}-scopes`} error={errors.scopes} />
            </fieldset>
            <Field
              id={`${id}-expiry`}
              label={t`Expires after`}
              hint={expiresAt ? t`It stops working on ${day}.` : t`It works until you revoke it.`}
              error={errors.expiry}
            >
              <select
                className={`${inputClass} sm:max-w-72`}
                value={draft.expiry}
                onChange={(e) => setDraft({ ...draft, expiry: e.target.value as ExpiryChoice })}
                {...fieldAria(`${id}-expiry`, errors.expiry, true)}
              >
                {EXPIRY_CHOICES.map((choice) => (
                  <option key={choice.key} value={choice.key}>
                    {t(choice.label)}
                  </option>
                ))}
              </select>
            </Field>
            {formError ? (
              <p role="alert" className="text-sm font-medium text-red-700">
                {formError}
              </p>
            ) : null}
            <div>
              <button type="submit" className={buttonClass.primary} disabled={tokens.creating}>
                <KeyRound aria-hidden="true" className="size-5" />
                {tokens.creating ? t`Creating…` : t`Create Token`}
              </button>
            </div>
          </>
        )}
      </form>
      {/* Outside the form: Enter in the focused secret field must not submit another token. */}
      {created ? (
        <SecretOnce
          label={t`Your new token “${createdName}”`}
          secret={created.secret}
          copyLabel={t`Copy Token`}
          copied={t`Token copied`}
          focusOnShow
        >
          <p className="font-medium">
            <Trans>Copy it now: you will not see it again.</Trans>
          </p>
          <p>
            <Trans comment="<0>…</0> is an HTTP header, shown as code: keep it as it is">
              An app sends it as <code>Authorization: Bearer</code> and the token. Lost it? Revoke it and
              create another.
            </Trans>
          </p>
        </SecretOnce>
      ) : null}
    </div>
  );
}
