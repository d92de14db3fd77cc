import type { PushPayload } from '@medrem/contract';
import { publicLink } from '../../mail/mail-layout';

/**
 * What every channel makes of a push (decision 235): the same notification, its text and buttons,
 * with links on the instance's public origin. A button's signed action token works by itself: the
 * dose page (`/dose?token=…`) shows it to a person, `POST /api/push/action` runs it for a machine.
 */
export interface ChannelMessage {
  id: string;
  type: PushPayload['type'];
  title: string;
  body: string;
  createdAt: string;
  /** Where a tap goes: the dose page of the first button's token, else the app's path. */
  openUrl: string;
  actions: { action: 'take' | 'snooze'; title: string; token: string; doseUrl: string }[];
  /** Where a machine posts `{ "token": … }` to run an action (ntfy's http buttons, a webhook's owner). */
  actionUrl: string;
}

export function channelMessage(payloadJson: string, publicUrl: string): ChannelMessage {
  const payload = JSON.parse(payloadJson) as PushPayload;
  const actions = payload.actions.map((a) => ({
    action: a.action,
    title: a.title,
    token: a.token,
    doseUrl: publicLink(publicUrl, '/dose', { token: a.token }),
  }));
  return {
    id: payload.id,
    type: payload.type,
    title: payload.title,
    body: payload.body,
    createdAt: payload.createdAt,
    openUrl: actions[0]?.doseUrl ?? publicLink(publicUrl, payload.url),
    actions,
    actionUrl: publicLink(publicUrl, '/api/push/action'),
  };
}
