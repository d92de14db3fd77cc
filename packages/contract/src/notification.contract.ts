import { z } from 'zod';
import { defineProcedure } from './define-procedure';
import {
  changedAtSchema,
  emailSchema,
  idSchema,
  idempotencyKeySchema,
  successSchema,
  timestampSchema,
} from './primitives';

import { NOTIFICATION_TYPES } from './notification-types';
import { EXAMPLE } from './examples';

export { NOTIFICATION_TYPES, type NotificationType } from './notification-types';

export const notificationSchema = z
  .object({
    id: z.uuid(),
    type: z.enum(NOTIFICATION_TYPES),
    title: z.string(),
    message: z.string(),
    medicineName: z.string().nullable(),
    link: z.string().nullable().meta({
      description:
        'The app page this notification opens (a path on this instance, e.g. a measurement reminder’s reading page), or null when its type’s usual page: today’s doses, the refills.',
    }),
    isRead: z.boolean(),
    createdAt: timestampSchema,
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;

export const NOTIFICATION_PAGE_MAX = 100;

export const notificationContract = {
  list: defineProcedure({
    method: 'GET',
    path: '/api/notifications/{userEmail}',
    tag: 'notifications',
    summary: 'The user’s notifications, newest first (a bounded page)',
    access: 'bearer',
    scope: 'read',
    errors: { 403: 'Not your notifications' },
    input: z.object({
      userEmail: emailSchema,
      limit: z.number().int().min(1).max(NOTIFICATION_PAGE_MAX).default(50),
      before: z.iso.datetime({ offset: true, error: 'before must be an ISO timestamp.' }).optional(),
    }),
    output: z.object({ notifications: z.array(notificationSchema), unreadCount: z.number().int() }),
  }),
  markRead: defineProcedure({
    method: 'PATCH',
    path: '/api/notifications/{id}/read',
    tag: 'notifications',
    summary: 'Mark one notification read',
    access: 'bearer',
    scope: 'account',
    errors: { 404: 'No such notification of yours' },
    example: { id: EXAMPLE.id, idempotencyKey: EXAMPLE.idempotencyKey },
    input: z.object({ id: idSchema, idempotencyKey: idempotencyKeySchema.optional() }),
    output: z.object({ notification: notificationSchema }),
  }),
  markAllRead: defineProcedure({
    method: 'PATCH',
    path: '/api/notifications/{userEmail}/read-all',
    tag: 'notifications',
    summary: 'Mark all the user’s notifications read',
    access: 'bearer',
    scope: 'account',
    errors: { 403: 'Not your notifications' },
    description:
      'upTo limits it to the notifications created at or before that time: a "mark all" made offline marks what the user saw, not what arrived since.',
    example: {
      userEmail: EXAMPLE.email,
      upTo: '2026-11-21T10:00:00Z',
      idempotencyKey: EXAMPLE.idempotencyKey,
    },
    input: z.object({
      userEmail: emailSchema,
      upTo: changedAtSchema('upTo')
        .optional()
        .meta({ description: 'Only notifications created at or before this time.' }),
      idempotencyKey: idempotencyKeySchema.optional(),
    }),
    output: successSchema.extend({ updated: z.number().int() }),
  }),
  delete: defineProcedure({
    method: 'DELETE',
    path: '/api/notifications/{id}',
    tag: 'notifications',
    summary: 'Delete one notification',
    access: 'bearer',
    scope: 'account',
    errors: { 404: 'No such notification of yours' },
    input: z.object({ id: idSchema }),
    output: successSchema.extend({ id: z.uuid() }),
  }),
};
