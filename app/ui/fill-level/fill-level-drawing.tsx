import { useId } from "react";
import type { FillLevel } from "#core/contracts/listing-evidence.ts";

/**
 * A bottle's neck and shoulder with the liquid standing at one level of the collectors' scale
 * (docs/product/trust.md, "Evidence of authenticity"): the listing form's fill-level cards and the
 * product page's evidence draw the same picture. Decorative: the level's name stands beside it.
 */

/** Where the liquid stands in the drawing's 64 × 120 box (the neck runs to 44, the shoulder to 80). */
const LEVEL_Y: Record<FillLevel, number> = {
  in_neck: 24,
  base_of_neck: 41,
  very_top_shoulder: 48,
  top_shoulder: 54,
  upper_shoulder: 61,
  mid_shoulder: 68,
  low_shoulder: 76,
};

/** The bottle: a lip, a straight neck, a shoulder widening into the body. */
const BOTTLE =
  "M24 10 L24 44 C24 56 9 62 9 78 L9 114 Q9 118 13 118 L51 118 Q55 118 55 114 L55 78 C55 62 40 56 40 44 L40 10 Z";

export function FillLevelDrawing({ level, className }: { level: FillLevel; className?: string }) {
  const clip = useId();
  const y = LEVEL_Y[level];
  return (
    <svg
      // The neck and the shoulder, where the levels differ; the body below is cut off.
      viewBox="2 0 60 92"
      className={className ?? "h-24 w-16"}
      aria-hidden="true"
      focusable="false"
      data-fill-level={level}
    >
      <defs>
        <clipPath id={clip}>
          <path d={BOTTLE} />
        </clipPath>
      </defs>
      {/* The glass, then the liquid inside it from the level down. */}
      <path d={BOTTLE} fill="#e6ecee" />
      <rect x="0" y={y} width="64" height={120 - y} fill="#c39a3f" clipPath={`url(#${clip})`} />
      {/* The level marked across the glass and beyond it, so a small drawing still shows it. */}
      <line x1="2" x2="62" y1={y} y2={y} stroke="#a8322d" strokeWidth="1.5" strokeDasharray="3 2" />
      <path d={BOTTLE} fill="none" stroke="#1f4f55" strokeWidth="2.5" strokeLinejoin="round" />
      {/* The capsule over the cork. */}
      <rect x="22" y="2" width="20" height="12" rx="2" fill="#1f4f55" />
    </svg>
  );
}
