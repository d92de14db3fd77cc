import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { messageOf } from '../../lib/api-error';
import { buttonClass, inputClass } from '../../shared/ui/button.styles';
import { Field, fieldAria } from '../../shared/ui/field.component';
import { SecretOnce } from '../../shared/ui/secret-once.component';
import type { ChannelMode, useDeliveryChannels } from './delivery-channels.queries';

type Kind = 'ntfy' | 'webhook' | 'email';

/** Messages, translated where shown (`t(descriptor)`). */
const URL_HINT: Record<Exclude<Kind, 'email'>, MessageDescriptor> = {
  ntfy: msg`Your topic on ntfy.sh or your own ntfy server, e.g. https://ntfy.sh/my-secret-topic. Subscribe to it in the ntfy app.`,
  webhook: msg`An https address that takes a signed JSON POST (Home Assistant, Node-RED). You get the signing secret once, right after adding.`,
};

/** Adds an ntfy topic, a signed webhook or email as a channel; shows a webhook's secret once. */
export function AddChannelForm(props: { channels: ReturnType<typeof useDeliveryChannels> }) {
  const { t } = useLingui();
  const { channels } = props;
  const id = useId();
  const [kind, setKind] = useState<Kind>('ntfy');
  const [url, setUrl] = useState('');
  const [accessToken, setAccessToken] = useState('');
  const [mode, setMode] = useState<ChannelMode>('every');
  const [error, setError] = useState<string | undefined>();
  const [secret, setSecret] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    try {
      const token = kind === 'ntfy' && accessToken.trim() ? { accessToken: accessToken.trim() } : {};
      const created = await channels.add(kind === 'email' ? { kind, mode } : { kind, url, mode, ...token });
      setSecret(created.secret);
      setUrl('');
      setAccessToken('');
    } catch (e) {
      setError(messageOf(e) ?? t`The channel could not be added.`);
    }
  };

  return (
    <form
      onSubmit={(e) => void submit(e)}
      className="flex flex-col gap-3"
      aria-labelledby={`${id}-title`}
      noValidate
    >
      <h4 id={`${id}-title`} className="font-semibold text-slate-900">
        <Trans>Add a channel</Trans>
      </h4>
      <Field
        id={`${id}-kind`}
        label={t({ message: 'Channel', comment: 'Label: the kind of channel to add' })}
      >
        <select
          id={`${id}-kind`}
          className={`${inputClass} sm:max-w-72`}
          value={kind}
          onChange={(e) => {
            setKind(e.target.value as Kind);
            setError(undefined);
          }}
        >
          <option value="ntfy">{t`ntfy (phone notifications)`}</option>
          <option value="webhook">{t`Webhook (signed)`}</option>
          <option value="email">{t`Email to my address`}</option>
        </select>
      </Field>
      {kind === 'email' ? (
        <p className="text-sm text-slate-700">
          <Trans>
            Reminders go to your account’s address, each with a link to take or snooze the dose. Your address
            must be verified.
          </Trans>
        </p>
      ) : (
        <Field
          id={`${id}-url`}
          label={kind === 'ntfy' ? t`ntfy topic URL` : t`Webhook URL`}
          hint={t(URL_HINT[kind])}
          error={error}
        >
          <input
            type="url"
            inputMode="url"
            autoComplete="off"
            className={inputClass}
            value={url}
            placeholder={
              kind === 'ntfy' ? 'https://ntfy.sh/my-secret-topic' : 'https://home.example.org/api/webhook/…'
            }
            onChange={(e) => setUrl(e.target.value)}
            {...fieldAria(`${id}-url`, error, true)}
          />
        </Field>
      )}
      {kind === 'ntfy' ? (
        <Field
          id={`${id}-token`}
          label={t`Access token (optional)`}
          hint={t`Only for a protected topic: the tk_… token from your ntfy account.`}
        >
          <input
            autoComplete="off"
            className={inputClass}
            value={accessToken}
            onChange={(e) => setAccessToken(e.target.value)}
            {...fieldAria(`${id}-token`, undefined, true)}
          />
        </Field>
      ) : null}
      <Field
        id={`${id}-mode`}
        label={t({ message: 'Send', comment: 'Label: which reminders the channel gets' })}
      >
        <select
          id={`${id}-mode`}
          className={`${inputClass} sm:max-w-72`}
          value={mode}
          onChange={(e) => setMode(e.target.value as ChannelMode)}
        >
          <option value="every">{t`Every reminder`}</option>
          <option value="fallback">{t`Only when push fails`}</option>
        </select>
      </Field>
      {kind === 'email' && error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <div>
        <button type="submit" className={buttonClass.primary} disabled={channels.adding}>
          <Plus aria-hidden="true" className="size-5" />
          {channels.adding ? t`Adding…` : t`Add Channel`}
        </button>
      </div>
      {secret ? <WebhookSecret secret={secret} /> : null}
    </form>
  );
}

function WebhookSecret({ secret }: { secret: string }) {
  const { t } = useLingui();
  return (
    <SecretOnce
      label={t`Your webhook’s signing secret`}
      secret={secret}
      copyLabel={t`Copy Secret`}
      copied={t`Secret copied`}
    >
      <Trans>
        Shown only now. Check each request: X-MedRem-Signature is sha256= and the hex HMAC-SHA256 of
        “timestamp.body” with this secret, the timestamp being X-MedRem-Timestamp.
      </Trans>
    </SecretOnce>
  );
}
