import { accessTokenRouter } from '../features/access-tokens/access-token.router';
import { activityRouter } from '../features/activity/activity.router';
import { socialRouter } from '../features/auth/social/social.router';
import { pushRouter } from '../features/push/push.router';
import { channelsRouter } from '../features/push/channels.router';
import { reportRouter } from '../features/reports/report.router';
import { calendarRouter } from '../features/calendar/calendar.router';
import { careRouter } from '../features/care/care.router';
import { emailRouter } from '../features/account/email.router';
import { authRouter } from '../features/auth/auth.router';
import { passwordResetRouter } from '../features/account/password-reset.router';
import { medicineRouter } from '../features/medicines/medicine.router';
import { packRouter } from '../features/packs/pack.router';
import { notificationRouter } from '../features/notifications/notification.router';
import { settingsRouter } from '../features/settings/settings.router';
import { systemRouter } from '../features/system/system.router';
import { userRouter } from '../features/users/user.router';
import { adminRouter } from '../features/admin/admin.router';
import { signupsRouter } from '../features/admin/signups.router';
import { journalRouter } from '../features/journal/journal.router';
import { passkeyRouter } from '../features/passkeys/passkey.router';
import { twoFactorRouter } from '../features/two-factor/two-factor.router';
import { router } from './trpc';

/** Same keys as the contract: contract.medicine.list is appRouter.medicine.list. */
export const appRouter = router({
  auth: authRouter,
  user: userRouter,
  settings: settingsRouter,
  medicine: medicineRouter,
  pack: packRouter,
  notification: notificationRouter,
  system: systemRouter,
  push: pushRouter,
  social: socialRouter,
  report: reportRouter,
  calendar: calendarRouter,
  care: careRouter,
  passwordReset: passwordResetRouter,
  email: emailRouter,
  channels: channelsRouter,
  signups: signupsRouter,
  admin: adminRouter,
  token: accessTokenRouter,
  activity: activityRouter,
  journal: journalRouter,
  passkey: passkeyRouter,
  twoFactor: twoFactorRouter,
});

export type AppRouter = typeof appRouter;
