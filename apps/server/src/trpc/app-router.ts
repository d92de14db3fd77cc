import { socialRouter } from '../features/auth/social/social.router';
import { pushRouter } from '../push/push.router';
import { authRouter } from './routers/auth.router';
import { medicineRouter } from './routers/medicine.router';
import { notificationRouter } from './routers/notification.router';
import { settingsRouter } from './routers/settings.router';
import { systemRouter } from './routers/system.router';
import { userRouter } from './routers/user.router';
import { router } from './trpc';

/** Same keys as the contract: contract.medicine.list is appRouter.medicine.list. */
export const appRouter = router({
  auth: authRouter,
  user: userRouter,
  settings: settingsRouter,
  medicine: medicineRouter,
  notification: notificationRouter,
  system: systemRouter,
  push: pushRouter,
  social: socialRouter,
});

export type AppRouter = typeof appRouter;
