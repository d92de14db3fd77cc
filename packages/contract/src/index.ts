import { accessTokenContract } from './access-token.contract';
import { authContract } from './auth.contract';
import { calendarContract } from './calendar.contract';
import { careContract } from './care.contract';
import { channelsContract } from './channels.contract';
import { emailContract } from './email.contract';
import { medicineContract } from './medicine.contract';
import { notificationContract } from './notification.contract';
import { passwordResetContract } from './password-reset.contract';
import { pushContract } from './push.contract';
import { reportContract } from './report.contract';
import { settingsContract } from './settings.contract';
import { socialContract } from './social.contract';
import { systemContract } from './system.contract';
import { userContract } from './user.contract';

export * from './primitives';
export * from './define-procedure';
export * from './auth.contract';
export * from './settings.contract';
export * from './medicine.contract';
export * from './dose-record.contract';
export * from './notification.contract';
export * from './user.contract';
export * from './system.contract';
export * from './push.contract';
export * from './social.contract';
export * from './report.contract';
export * from './doctor-report.contract';
export * from './schedule.contract';
export * from './calendar.contract';
export * from './care.contract';
export * from './password-reset.contract';
export * from './email.contract';
export * from './channels.contract';
export * from './access-token.contract';

/**
 * Every call of the product, grouped by feature. The server implements each entry as a tRPC
 * procedure (same keys), and trpc-to-openapi exposes it at its REST path.
 */
export const contract = {
  auth: authContract,
  user: userContract,
  settings: settingsContract,
  medicine: medicineContract,
  notification: notificationContract,
  system: systemContract,
  push: pushContract,
  social: socialContract,
  report: reportContract,
  calendar: calendarContract,
  care: careContract,
  passwordReset: passwordResetContract,
  email: emailContract,
  channels: channelsContract,
  token: accessTokenContract,
};
export type Contract = typeof contract;
export * from './dashboard-start';
export * from './page-data';
