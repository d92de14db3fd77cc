import { z } from 'zod';
import { medicineContract } from './medicine.contract';
import { emailSchema, isoDateSchema } from './primitives';
import { settingsContract } from './settings.contract';

/**
 * Decision 061: the answers a signed-in start's dashboard shows first, sent in the page itself (the
 * server's answer to `/` with a live session cookie), so that the dashboard paints without waiting
 * for an access token and two batches of calls. Each field is exactly what its procedure answers for
 * the named input, so the app puts them in its query cache under the procedures' own keys.
 */
export const dashboardStartSchema = z.object({
  /** Whose answers these are; the app uses them only if its session is this user's. */
  userEmail: emailSchema,
  /** Today in the user's zone by the server's clock, and the first and last day of its month. */
  date: isoDateSchema,
  from: isoDateSchema,
  to: isoDateSchema,
  /** settings.get {userEmail}, medicine.list {userEmail}, medicine.refillReminders {userEmail}. */
  settings: settingsContract.get.output,
  medicines: medicineContract.list.output,
  refillReminders: medicineContract.refillReminders.output,
  /** medicine.getTaken {id, date} and medicine.history {id, from, to} of every listed medicine. */
  perMedicine: z.array(
    z.object({
      id: z.string(),
      taken: medicineContract.getTaken.output,
      history: medicineContract.history.output,
    }),
  ),
});
export type DashboardStart = z.output<typeof dashboardStartSchema>;
