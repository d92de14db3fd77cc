import { activityContract } from './activity.contract';
import { adminContract } from './admin.contract';
import { accessTokenContract } from './access-token.contract';
import { authContract } from './auth.contract';
import { calendarContract } from './calendar.contract';
import { careContract } from './care.contract';
import { channelsContract } from './channels.contract';
import { emailContract } from './email.contract';
import { journalContract } from './journal.contract';
import { medicineContract } from './medicine.contract';
import { medicineLifeProcedures } from './medicine-life.contract';
import { dosePostponeProcedures } from './dose-postpone.contract';
import { packContract } from './pack.contract';
import { notificationContract } from './notification.contract';
import { passkeyContract } from './passkey.contract';
import { passwordResetContract } from './password-reset.contract';
import { pushContract } from './push.contract';
import { reportContract } from './report.contract';
import { settingsContract } from './settings.contract';
import { signupsContract } from './signups.contract';
import { socialContract } from './social.contract';
import { systemContract } from './system.contract';
import { userContract } from './user.contract';
import { twoFactorContract } from './two-factor.contract';

export * from './locales';
export * from './primitives';
export * from './define-procedure';
export * from './auth.contract';
export * from './settings.contract';
export * from './medicine.contract';
export * from './medicine-life.contract';
export * from './account-links-export.contract';
export * from './pack-schemas.contract';
export * from './pack.contract';
export * from './dose-record.contract';
export * from './dose-postpone.contract';
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
export * from './signups.contract';
export * from './admin.contract';
export * from './access-token.contract';
export * from './activity.contract';
export * from './journal.contract';
export * from './passkey.contract';
export * from './two-factor.contract';

/**
 * Every call of the product, grouped by feature. The server implements each entry as a tRPC
 * procedure (same keys), and trpc-to-openapi exposes it at its REST path.
 */
export const contract = {
  auth: authContract,
  user: userContract,
  settings: settingsContract,
  // Stop, resume, the plan's history and a dose's postponement (issue 58) beside the medicine's
  // other calls.
  medicine: { ...medicineContract, ...medicineLifeProcedures, ...dosePostponeProcedures },
  // Packs, GTIN mappings and the cabinet (issue 58, decisions 321–326).
  pack: packContract,
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
  signups: signupsContract,
  admin: adminContract,
  token: accessTokenContract,
  activity: activityContract,
  journal: journalContract,
  passkey: passkeyContract,
  twoFactor: twoFactorContract,
};
export type Contract = typeof contract;
export * from './dashboard-start';
export * from './page-data';
