/** CookieBar (spec sections 2 and 4). */
export function CookieBar() {
  return null;
}
