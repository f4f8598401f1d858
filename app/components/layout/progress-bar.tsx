/** ProgressBar (spec sections 2 and 4). */
export function ProgressBar() {
  return null;
}
