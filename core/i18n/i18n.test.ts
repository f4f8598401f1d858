import { describe, expect, it } from "vitest";
import { uiNamespaces } from "./catalogue.ts";
import cs from "./cs.json" with { type: "json" };
import en from "./en.json" with { type: "json" };
import { messages, translate } from "./index.ts";

function keys(tree: unknown, prefix = ""): string[] {
  if (tree === null || typeof tree !== "object") return [prefix];
  return Object.entries(tree).flatMap(([key, value]) => keys(value, prefix ? `${prefix}.${key}` : key));
}

describe("i18n", () => {
  it("has every Czech key in English and no English-only key", () => {
    expect(keys(en).sort()).toEqual(keys(cs).sort());
  });

  it("has every key of every UI area in both languages", () => {
    expect(keys(messages.en).sort()).toEqual(keys(messages.cs).sort());
    for (const [name, texts] of Object.entries(uiNamespaces)) {
      expect(keys(texts.en).sort(), name).toEqual(keys(texts.cs).sort());
    }
  });

  it("uses the documented Czech validation messages", () => {
    expect(translate("cs", "validation.required")).toBe("Pole musí být vyplněno");
    expect(translate("cs", "validation.email")).toBe("Pole musí obsahovat platný email.");
    expect(translate("cs", "validation.min", { length: 8 })).toBe("Vyplňte prosím minimálně 8 znaků.");
  });

  it("falls back to the key for an unknown message", () => {
    // @ts-expect-error: an unknown key does not compile; at run time it shows as itself.
    expect(translate("en", "no.such.key")).toBe("no.such.key");
  });
});
