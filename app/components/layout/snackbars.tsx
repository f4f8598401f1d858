/** Snackbars (spec sections 2 and 4). */
export function Snackbars() {
  return null;
}
