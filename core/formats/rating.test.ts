import { describe, expect, it } from "vitest";
import { formatRating } from "./rating.ts";

describe("formatRating", () => {
  it("shows one decimal with the language's separator", () => {
    expect(formatRating(4.25, "cs")).toBe("4,3");
    expect(formatRating(4.25, "en")).toBe("4.3");
    expect(formatRating(5, "cs")).toBe("5,0");
  });
});
