/**
 * Set by a choice that opens the simple screen (the offer, "Back to the simple screen"), so that
 * the screen takes the focus once: a reader starts at its heading. Not on a reload or a start.
 */
let focusWanted = false;

export function wantSimpleScreenFocus(): void {
  focusWanted = true;
}

/** True once after wantSimpleScreenFocus. */
export function takeSimpleScreenFocus(): boolean {
  const wanted = focusWanted;
  focusWanted = false;
  return wanted;
}
