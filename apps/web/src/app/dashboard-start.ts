import type { DashboardStart } from '@medrem/contract';
import { DASHBOARD_START_ELEMENT_ID } from '@medrem/contract/page-data';
import type { SessionAnswer } from './start-session';

/**
 * Decision 061: the dashboard's first answers, which the server puts in the page it sends to `/`
 * with a live session cookie. Read once and taken out of the page (someone's health data has no
 * business staying in the DOM); kept only if they are the signed-in user's, as the session answer
 * names them. Anything unreadable is ignored: the app then asks for the answers itself.
 */
export function takeDashboardStart(session: SessionAnswer | undefined): DashboardStart | undefined {
  const element = document.getElementById(DASHBOARD_START_ELEMENT_ID);
  if (!element) return undefined;
  element.remove();
  const email = session?.user?.email;
  if (!email) return undefined;
  try {
    const answers = JSON.parse(element.textContent ?? '') as DashboardStart;
    return answers.userEmail === email ? answers : undefined;
  } catch {
    return undefined;
  }
}
