import type { ChannelEndpointPolicy } from '../channel-endpoints';
import { postChannelJson } from '../channel-http';
import type { PushMessage, PushResult, PushSender, PushTarget } from '../push-sender';
import { type ChannelMessage, channelMessage } from './channel-message';

/** ntfy's own rule for a topic name. */
export const NTFY_TOPIC = /^[-_A-Za-z0-9]{1,64}$/;

/**
 * A topic URL (https://ntfy.sh/my-topic, or a self-hosted server, perhaps under a path) split into
 * the server's root, which JSON messages are posted to, and the topic; null when it names no topic.
 */
export function ntfyTopicOf(topicUrl: string): { server: string; topic: string } | null {
  const url = new URL(topicUrl);
  if (url.search || url.hash) return null;
  const parts = url.pathname.split('/').filter(Boolean);
  const topic = parts.pop();
  if (!topic || !NTFY_TOPIC.test(topic)) return null;
  return { server: new URL(parts.length ? `/${parts.join('/')}/` : '/', url).href, topic };
}

/**
 * ntfy's JSON publishing (https://docs.ntfy.sh/publish/#publish-as-json): title, message, a click
 * URL, and each button as an `http` action that posts its token to this server, so Take and Snooze
 * work from the phone's notification without opening anything (ntfy shows at most three).
 */
export function ntfyBody(message: ChannelMessage, topic: string) {
  const urgent = message.type === 'reminder' || message.type === 'missed_dose';
  return {
    topic,
    title: message.title,
    message: message.body,
    priority: urgent ? 4 : 3,
    tags: ['pill'],
    click: message.openUrl,
    actions: message.actions.slice(0, 3).map((a) => ({
      action: 'http',
      label: a.title,
      url: message.actionUrl,
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: a.token }),
      clear: true,
    })),
  };
}

export class NtfySender implements PushSender {
  constructor(private readonly deps: { policy: ChannelEndpointPolicy; publicUrl: string }) {}

  async send(target: PushTarget, message: PushMessage): Promise<PushResult> {
    const topic = ntfyTopicOf(target.token);
    if (!topic) {
      return { ok: false, gone: false, permanent: true, reason: 'refused', error: 'not an ntfy topic URL' };
    }
    const body = ntfyBody(channelMessage(message.payload, this.deps.publicUrl), topic.topic);
    // A protected topic (ntfy's access control): its access token as a bearer token.
    const auth: Record<string, string> = target.secret ? { authorization: `Bearer ${target.secret}` } : {};
    return postChannelJson(this.deps.policy, topic.server, JSON.stringify(body), auth);
  }
}
