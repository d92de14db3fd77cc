import { useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useEffect } from 'react';
import { trpc } from '../../lib/trpc';
import { registerForPush } from './push-subscription';
import { refetchFromNow } from './refetch-from-now';

const notificationsKey = getQueryKey(trpc.notification);

const registered = new Set<string>();

/**
 * Mounted for a signed-in user: registers this device for push (once per email and page load) and
 * keeps the bell live — every notification the server stores arrives over the tRPC subscription
 * (server-sent events, the session cookie proves who it is) and refreshes the notification list, as
 * does every opening of that stream.
 */
export function PushRegistration({ email }: { email: string }) {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (registered.has(email)) return;
    registered.add(email);
    void registerForPush({
      vapidPublicKey: async () => (await utils.client.push.vapidPublicKey.query()).publicKey,
      saveToken: (tokenForNotification) =>
        utils.client.user.savePushToken.mutate({ email, tokenForNotification }),
    });
  }, [email, utils]);

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const stream = new EventSource('/trpc/push.notifications');
    stream.onmessage = () => void refetchFromNow(queryClient, notificationsKey);
    // What was stored while no stream was open never comes down one: every opening asks for the
    // list again, instead of leaving the bell behind until the next minute's poll. That covers a
    // reopening (the browser reopens a stream that broke: a server restart, a proxy's idle
    // timeout) and the first opening too: the list the page fetched before it may predate a
    // notification stored before the stream began (seen when this component mounted again
    // between the list's answer and its stream's start). A first fetch still in flight is asked
    // again once it is done, on an opening as on an event (refetchFromNow).
    stream.onopen = () => void refetchFromNow(queryClient, notificationsKey);
    return () => stream.close();
  }, [email, queryClient]);

  return null;
}
