import type { Notification } from '@medrem/contract';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { trpc } from '../../lib/trpc';
import { useSignedInUser } from '../auth/auth.context';
import { useMedicines } from '../medicines/medicines.queries';
import { notificationTarget, type NotificationTarget } from './notification-target';
import { useNotificationActions } from './notifications.queries';
import { dismissLiveNotifications } from './show-live-notification';

/** The target of a notification, and opening it: marks it read and goes where it is about. */
export function useOpenNotification(): {
  targetOf: (notification: Notification) => NotificationTarget;
  open: (notification: Notification) => void;
} {
  const medicines = useMedicines();
  const { email } = useSignedInUser();
  // Whether anyone's alerts can reach this user (decision 140); a caregiver's list changes rarely.
  const patients = trpc.care.patients.useQuery({ userEmail: email }, { staleTime: 5 * 60_000 });
  const caresForSomeone = (patients.data?.patients.length ?? 0) > 0;
  const actions = useNotificationActions();
  const navigate = useNavigate();
  const own = useMemo(() => new Set((medicines.data ?? []).map((m) => m.name)), [medicines.data]);
  const targetOf = useCallback(
    (n: Notification) => notificationTarget(n, own, caresForSomeone),
    [own, caresForSomeone],
  );
  const open = useCallback(
    (n: Notification) => {
      if (!n.isRead) void actions.markRead(n.id);
      // Its in-page notice has done its work: left up, it still said "Tap to enter it" on the page
      // that had just recorded the reading (the bell's own sweep on closing reads the list before
      // the optimistic read lands).
      dismissLiveNotifications([n.id]);
      const target = targetOf(n);
      if (target.href !== undefined) void navigate({ href: target.href });
      else void navigate({ to: target.to, hash: target.hash });
    },
    [actions, navigate, targetOf],
  );
  return { targetOf, open };
}
