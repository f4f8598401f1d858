/** TopPromoBanner (spec sections 2 and 4). */
export function TopPromoBanner() {
  return null;
}
