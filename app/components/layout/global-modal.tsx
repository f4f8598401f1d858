/** GlobalModal (spec sections 2 and 4). */
export function GlobalModal() {
  return null;
}
