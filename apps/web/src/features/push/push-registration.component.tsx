import { useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useEffect, useRef } from 'react';
import { trpc } from '../../lib/trpc';
import { useNotificationActions } from '../notifications/notifications.queries';
import { readLiveNotification, showLiveNotification } from '../notifications/show-live-notification';
import { useOpenNotification } from '../notifications/use-open-notification.hook';
import { refetchFromNow } from './refetch-from-now';
import { useDevicePush } from './use-device-push.hook';

const notificationsKey = getQueryKey(trpc.notification);

const checked = new Set<string>();

/**
 * Mounted for a signed-in user: registers this device for push when the permission is already
 * granted (once per email and page load; asking is a tap's, decision 197) and keeps the bell live —
 * every notification the server stores arrives over the tRPC subscription (server-sent events, the
 * session cookie proves who it is), refreshes the notification list, and a reminder is shown in
 * the page with its actions (decision 199).
 */
export function PushRegistration({ email }: { email: string }) {
  const queryClient = useQueryClient();
  const { check } = useDevicePush();
  const { open, targetOf } = useOpenNotification();
  const actions = useNotificationActions();
  // The stream outlives renders; the handlers it calls are always this render's.
  const handlers = useRef({ open, targetOf, markRead: actions.markRead });
  useEffect(() => {
    handlers.current = { open, targetOf, markRead: actions.markRead };
  });

  useEffect(() => {
    if (checked.has(email)) return;
    checked.add(email);
    void check();
  }, [email, check]);

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const stream = new EventSource('/trpc/push.notifications');
    stream.onmessage = (event: MessageEvent) => {
      void refetchFromNow(queryClient, notificationsKey);
      const notification = readLiveNotification(event.data);
      if (!notification) return;
      const { open: openIt, targetOf: target, markRead } = handlers.current;
      showLiveNotification(notification, {
        openLabel: target(notification).label,
        open: () => openIt(notification),
        markRead: () => void markRead(notification.id),
      });
    };
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
