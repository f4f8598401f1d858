import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { cruise, type ICruiseResult } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import { afterEach, describe, expect, it } from "vitest";

/**
 * The web app's rooms (docs/architecture.md, "The web app"): the boundary checker's own rules,
 * cruised over a small made-up app, fail an import between two features, shared UI that reaches
 * into a feature, and folders that import each other in a circle. Removing or loosening a rule in
 * .dependency-cruiser.mjs fails its test here.
 */

const CONFIG = path.resolve(import.meta.dirname, "../../.dependency-cruiser.mjs");
let root: string | null = null;

afterEach(() => {
  if (root) fs.rmSync(root, { recursive: true, force: true });
  root = null;
});

/** Writes the files (path → source) into a fresh folder and cruises its app/ with the house rules. */
async function violationsIn(files: Record<string, string>): Promise<string[]> {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "rarita-app-features-"));
  for (const [file, source] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), source);
  }
  // The house's own rules and options, less its tsconfig (the made-up app has none).
  const { tsConfig: _, ...options } = await extractDepcruiseOptions(CONFIG);
  const result = await cruise(["app"], { ...options, baseDir: root, validate: true });
  const { summary } = result.output as ICruiseResult;
  // Orphans aside: the made-up app has no entry points that would import its pages.
  return summary.violations
    .filter((violation) => violation.rule.name !== "no-orphans")
    .map((violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`);
}

const exporting = (name: string, ...imports: string[]) =>
  `${imports.map((from, index) => `import { part as part${index} } from "${from}";`).join("\n")}
export const part = ${JSON.stringify(name)};
export const uses = [${imports.map((_, index) => `part${index}`).join(", ")}];
`;

describe("the web app's boundaries", () => {
  it("let a page compose two features that each stand on shared UI", async () => {
    const violations = await violationsIn({
      "app/ui/button.tsx": exporting("button"),
      "app/features/shop/buy-box.tsx": exporting("buy-box", "../../ui/button.tsx"),
      "app/features/product/offer.tsx": exporting("offer", "../../ui/button.tsx"),
      "app/routes/product.tsx": exporting(
        "page",
        "../features/shop/buy-box.tsx",
        "../features/product/offer.tsx",
      ),
    });
    expect(violations).toEqual([]);
  });

  it("fail a feature that imports another feature", async () => {
    const violations = await violationsIn({
      "app/features/shop/buy-box.tsx": exporting("buy-box"),
      "app/features/product/offer.tsx": exporting("offer", "../shop/buy-box.tsx"),
    });
    expect(violations).toEqual([
      "features-apart: app/features/product/offer.tsx → app/features/shop/buy-box.tsx",
    ]);
  });

  it("fail imports upwards: shared UI into a feature, a feature into a page, a helper into shared UI", async () => {
    const violations = await violationsIn({
      "app/features/shop/buy-box.tsx": exporting("buy-box", "../../routes/cart.tsx"),
      "app/routes/cart.tsx": exporting("cart"),
      "app/ui/card.tsx": exporting("card", "../features/shop/buy-box.tsx"),
      "app/lib/prices.ts": exporting("prices", "../ui/card.tsx"),
    });
    expect(violations.sort()).toEqual([
      "features-below-pages: app/features/shop/buy-box.tsx → app/routes/cart.tsx",
      "helpers-below-ui: app/lib/prices.ts → app/ui/card.tsx",
      "ui-shared-by-all: app/ui/card.tsx → app/features/shop/buy-box.tsx",
    ]);
  });

  it("fail two folders that import each other although no file is in a circle", async () => {
    const violations = await violationsIn({
      "app/features/shop/cart/lines.tsx": exporting("lines", "../checkout/steps.tsx"),
      "app/features/shop/checkout/steps.tsx": exporting("steps"),
      "app/features/shop/checkout/review.tsx": exporting("review", "../cart/total.ts"),
      "app/features/shop/cart/total.ts": exporting("total"),
    });
    expect(violations).toContain("no-folder-cycles: app/features/shop/cart → app/features/shop/checkout");
    expect(violations.filter((violation) => !violation.startsWith("no-folder-cycles"))).toEqual([]);
  });
});
