/**
 * The element at the top of the page's main region (page-frame.component.tsx) that signed-in
 * notices about this device are rendered into, in the page's flow: a card fixed at the bottom of
 * the screen covered the phone's Add button and the dose cards.
 */
export const PAGE_NOTICES_ID = 'page-notices';
