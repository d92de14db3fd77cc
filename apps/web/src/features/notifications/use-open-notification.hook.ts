import type { Notification } from '@medrem/contract';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { useMedicines } from '../medicines/medicines.queries';
import { notificationTarget, type NotificationTarget } from './notification-target';
import { useNotificationActions } from './notifications.queries';

/** The target of a notification, and opening it: marks it read and goes where it is about. */
export function useOpenNotification(): {
  targetOf: (notification: Notification) => NotificationTarget;
  open: (notification: Notification) => void;
} {
  const medicines = useMedicines();
  const actions = useNotificationActions();
  const navigate = useNavigate();
  const own = useMemo(() => new Set((medicines.data ?? []).map((m) => m.name)), [medicines.data]);
  const targetOf = useCallback((n: Notification) => notificationTarget(n, own), [own]);
  const open = useCallback(
    (n: Notification) => {
      if (!n.isRead) void actions.markRead(n.id);
      const { to, hash } = targetOf(n);
      void navigate({ to, hash });
    },
    [actions, navigate, targetOf],
  );
  return { targetOf, open };
}
