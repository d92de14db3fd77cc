/**
 * The element at the end of the page's main region (page-frame.component.tsx) that signed-in
 * notices about this device are rendered into, in the page's flow: a card fixed at the bottom of
 * the screen covered the phone's Add button and the dose cards, and one at the top, mounted on idle
 * after the first paint, pushed the whole page down (a layout shift of 0.26 on the dashboard,
 * against a budget of 0). At the end it moves nothing that is already on screen.
 */
export const PAGE_NOTICES_ID = 'page-notices';
