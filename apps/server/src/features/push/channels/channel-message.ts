import { type PushPayload, type ReceivedPush, pushContentOf } from '@medrem/contract';
import { publicLink } from '../../mail/mail-layout';

/**
 * What every channel makes of a push (decision 235): the same notification, its text and buttons,
 * with links on the instance's public origin. `openUrl` is the push's own link: for a dose, the
 * dose page with its `open` token (decision 241), where a person takes or snoozes with one press;
 * each button's signed action token works by itself for a machine's POST to `actionUrl`.
 */
export interface ChannelMessage {
  id: string;
  type: PushPayload['type'];
  title: string;
  body: string;
  createdAt: string;
  /** Where a tap goes: the dose page for a dose, else the app's path. */
  openUrl: string;
  actions: { action: 'take' | 'snooze'; title: string; token: string }[];
  /** Where a machine posts `{ "token": … }` to run an action (ntfy's http buttons, a webhook's owner). */
  actionUrl: string;
}

export function channelMessage(payloadJson: string, publicUrl: string): ChannelMessage {
  // Either shape: an outbox row written before decision 262 may be sent after an upgrade.
  const push = pushContentOf(JSON.parse(payloadJson) as ReceivedPush);
  // The link's path and query on this instance's public origin (an absolute link is the same app's).
  const link = new URL(push.link, 'http://app.invalid');
  const path = `${link.pathname}${link.search}`.replace(/^\/+/, '');
  return {
    id: push.id,
    type: push.type,
    title: push.title,
    body: push.body,
    createdAt: push.createdAt,
    openUrl: new URL(path, publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`).href,
    actions: push.actions.map((a) => ({ action: a.action, title: a.title, token: a.token })),
    actionUrl: publicLink(publicUrl, '/api/push/action'),
  };
}
