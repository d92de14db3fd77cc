import type { DashboardStart } from '@medrem/contract';
import { DASHBOARD_START_ELEMENT_ID } from '@medrem/contract/page-data';
import { firstDayOfMonth, lastDayOfMonth, zonedNow } from '@medrem/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { restProcedure } from '../../trpc/rest-call';
import { SESSION_COOKIE, createRequestContext } from './request-context';

// The procedures the dashboard's first paint reads, called as the app would call them.
const settingsGet = restProcedure('settings.get');
const medicineList = restProcedure('medicine.list');
const refillReminders = restProcedure('medicine.refillReminders');
const getTaken = restProcedure('medicine.getTaken');
const history = restProcedure('medicine.history');

/**
 * Decision 061: the answers the dashboard shows first, for the page sent to `/` with a session
 * cookie; undefined when the cookie names no live session. They are the procedures' own answers:
 * called with the same middlewares (an access token issued for the session, on the same proof
 * `auth.token` accepts: a live session; one lookup gives the user and proves it), input and output
 * validation.
 */
export async function dashboardStartFor(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<DashboardStart | undefined> {
  const access = await app.services.auth.sessionAccess(request.cookies[SESSION_COOKIE]);
  if (!access) return undefined;
  const { user, token } = access;
  const userEmail = user.email;
  const ctx = { ...createRequestContext(app.services, request, reply), bearerToken: token };
  const [settings, medicines, refills] = (await Promise.all([
    settingsGet(ctx, { userEmail }),
    medicineList(ctx, { userEmail }),
    refillReminders(ctx, { userEmail }),
  ])) as [DashboardStart['settings'], DashboardStart['medicines'], DashboardStart['refillReminders']];
  // "Today" as the app works it out: the user's zone, the server's clock (decision 082).
  const { date } = zonedNow(app.clock.now(), settings.settings.timezone);
  const from = firstDayOfMonth(date);
  const to = lastDayOfMonth(date);
  const perMedicine = await Promise.all(
    medicines.findMedicine.map(async ({ id }) => ({
      id,
      taken: (await getTaken(ctx, { id, date })) as DashboardStart['perMedicine'][number]['taken'],
      history: (await history(ctx, { id, from, to })) as DashboardStart['perMedicine'][number]['history'],
    })),
  );
  return { userEmail, date, from, to, settings, medicines, refillReminders: refills, perMedicine };
}

/**
 * `page` with `answers` in a JSON script element before `</body>` (at its end if it has none). JSON inside a script element
 * ends at the first `</script` whatever its quotes: every `<` is written as `\u003c` (and the two
 * line separators JavaScript once refused), so a medicine named `</script><script>…` stays text.
 * A `type="application/json"` element is never run, so the strict CSP has nothing to allow.
 */
export function withDashboardStart(page: string, answers: DashboardStart): string {
  const json = JSON.stringify(answers)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  const element = `<script type="application/json" id="${DASHBOARD_START_ELEMENT_ID}">${json}</script>`;
  const end = page.lastIndexOf('</body>');
  return end < 0 ? `${page}${element}` : `${page.slice(0, end)}${element}${page.slice(end)}`;
}
