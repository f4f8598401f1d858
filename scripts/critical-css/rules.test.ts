import { describe, expect, it } from "vitest";
import { criticalCss, styleRules } from "./rules.ts";

// The shape Tailwind v4 writes, minified: layers, a theme of custom properties, registrations,
// keyframes, conditions.
const SHEET = [
  "/*! tailwindcss */",
  "@layer properties{@supports (-moz-orient:inline){*,:before,:after{--tw-shadow:0 0 #0000;--tw-blur:initial}}}",
  "@layer theme{:root,:host{--animate-spin:spin 1s linear infinite;--color-ink:#1f2a30;--color-line:var(--color-sand);--color-sand:#ddd5c7;--color-unused:red}}",
  "@layer base{*{box-sizing:border-box}abbr{text-decoration:underline}}",
  "@layer utilities{.text-ink{color:var(--color-ink)}.border-line{border-color:var(--color-line)}",
  ".shadow{--tw-shadow:0 1px 3px #0002;box-shadow:var(--tw-shadow)}.animate-pulse{animation:pulse 2s infinite}",
  ".animate-spin{animation:var(--animate-spin)}.animate-bounce{animation:bounce 1s}",
  "@media (width>=48rem){.md\\:flex{display:flex}.md\\:hidden{display:none}}.hover\\:underline:hover{text-decoration:underline}}",
  "@media print{.print\\:hidden{display:none}}",
  '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
  '@property --tw-blur{syntax:"*";inherits:false}',
  "@keyframes pulse{50%{opacity:.5}}@keyframes spin{to{transform:rotate(1turn)}}@keyframes bounce{50%{translate:0 -25%}}",
].join("");

describe("styleRules", () => {
  it("names each rule by its conditions and selector, leaves the layers and keyframe steps out", () => {
    const keys = styleRules(SHEET).map((rule) => rule.key);
    expect(keys).toContain("@supports (-moz-orient:inline) *,:before,:after");
    expect(keys).toContain("@media (width>=48rem) .md\\:flex");
    expect(keys).toContain("@media print .print\\:hidden");
    expect(keys).toContain(".text-ink");
    expect(keys).not.toContain("50%");
    expect(keys).not.toContain("to");
  });
});

describe("criticalCss", () => {
  const keys = new Set([
    "@supports (-moz-orient:inline) *,:before,:after",
    ":root,:host",
    "*",
    ".border-line",
    ".shadow",
    ".animate-pulse",
    ".animate-spin",
    "@media (width>=48rem) .md\\:flex",
  ]);
  const css = criticalCss(SHEET, keys);

  it("keeps the listed rules in their layers and conditions, in the sheet's order", () => {
    expect(css).toContain("@layer base{*{box-sizing:border-box}}");
    expect(css).toContain("@media (width>=48rem){.md\\:flex{display:flex}}");
    expect(css.indexOf(".border-line")).toBeLessThan(css.indexOf(".shadow"));
  });

  it("drops the rules not listed and the conditions left empty, keeps every layer in its place", () => {
    expect(css).not.toContain("abbr");
    expect(css).not.toContain(".text-ink");
    expect(css).not.toContain("md\\:hidden");
    expect(css).not.toContain("hover\\:underline");
    expect(css).not.toContain("@media print");
    expect(css).not.toContain("tailwindcss");
    expect(css.indexOf("@layer properties")).toBeLessThan(css.indexOf("@layer theme"));
    expect(css.indexOf("@layer theme")).toBeLessThan(css.indexOf("@layer base"));
  });

  it("keeps of the theme only the custom properties the kept rules read, following one into another", () => {
    expect(css).toContain("--color-line:var(--color-sand)");
    expect(css).toContain("--color-sand:#ddd5c7");
    expect(css).not.toContain("--color-ink");
    expect(css).not.toContain("--color-unused");
    expect(css).toContain("--tw-shadow:0 0 #0000");
    expect(css).not.toContain("--tw-blur");
  });

  it("keeps the registrations and keyframes the kept rules use, also through the theme, and no others", () => {
    expect(css).toContain("@property --tw-shadow");
    expect(css).not.toContain("@property --tw-blur");
    expect(css).toContain("@keyframes pulse");
    expect(css).toContain("--animate-spin:spin 1s linear infinite");
    expect(css).toContain("@keyframes spin");
    expect(css).not.toContain("@keyframes bounce");
  });
});
