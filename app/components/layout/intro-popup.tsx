/** IntroPopup (spec sections 2 and 4). */
export function IntroPopup() {
  return null;
}
