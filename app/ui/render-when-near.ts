import type { CSSProperties } from "react";

/**
 * A region below the first screen that the browser may skip (its style, layout and paint) until
 * it comes near the window (ADR 0152): `content-visibility: auto`, with `height` px held in its
 * place until it has been drawn once (then its real height, remembered). A page's cards past the
 * first row, the home page's sections and the footer use it; on a phone that was a sixth to a
 * fifth of the main thread's work of loading the home page and a category.
 *
 * An inline style, not a class: the first paint has only the first screen's rules (ADR 0114), and
 * these regions are exactly the ones that list leaves out. The skipped region is clipped to its box
 * like `overflow: clip`; the margin lets a card's ring and hover shadow paint past it as before.
 */
export function renderWhenNear(height: number): CSSProperties {
  return {
    contentVisibility: "auto",
    containIntrinsicSize: `auto ${height}px`,
    overflowClipMargin: "1.5rem",
  };
}
