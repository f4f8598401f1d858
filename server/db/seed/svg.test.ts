import { describe, expect, it } from "vitest";
import { drawBannerSvg } from "./svg.ts";

/** Every rect of a drawn banner: x, y, width, height. */
function rects(svg: string) {
  return [...svg.matchAll(/<rect([^>]*)\/>/g)].map(([, attributes]) => {
    const number = (name: string) => Number(attributes.match(new RegExp(`\\b${name}="([\\d.]+)"`))?.[1] ?? 0);
    return { x: number("x"), y: number("y"), width: number("width"), height: number("height") };
  });
}

describe("drawBannerSvg", () => {
  // The seeded banners' sizes (server/db/seed/index.ts): promo, desktop popup, mobile popup.
  it.each([
    [1200, 200],
    [800, 500],
    [400, 600],
  ])("draws everything inside its %i x %i picture (nothing cut at the edges)", (width, height) => {
    const svg = drawBannerSvg({ width, height, title: "Měsíční aukce končí", text: "Port Ellen", hue: 12 });
    const drawn = rects(svg);
    expect(drawn.length).toBeGreaterThan(4);
    for (const rect of drawn) {
      expect(rect.x).toBeGreaterThanOrEqual(0);
      expect(rect.y).toBeGreaterThanOrEqual(0);
      expect(rect.x + rect.width).toBeLessThanOrEqual(width);
      expect(rect.y + rect.height).toBeLessThanOrEqual(height);
    }
  });
});
