/**
 * Decision 061: the id of the `<script type="application/json">` element in which the page sent to
 * a session carries its dashboard's first answers (`DashboardStart`). Its own module, without zod:
 * the app's entry reads it (`@medrem/contract/page-data`).
 */
export const DASHBOARD_START_ELEMENT_ID = 'dashboard-start';
