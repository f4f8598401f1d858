import { describe, expect, it } from "vitest";
import { formatCrownsInput, parseCrowns } from "./crowns-input.ts";

describe("prices typed in crowns", () => {
  it("reads Czech spellings into minor units", () => {
    expect(parseCrowns("1500")).toBe(150_000);
    expect(parseCrowns("1 500")).toBe(150_000);
    expect(parseCrowns("1\u00a0500,5")).toBe(150_050);
    expect(parseCrowns("1.500,50")).toBe(150_050);
    expect(parseCrowns("1500.25")).toBe(150_025);
    expect(parseCrowns("1 500 Kč")).toBe(150_000);
    expect(parseCrowns("  ")).toBeNull();
    for (const bad of ["1,505", "abc", "-100", "1e3", "12,3,4"]) expect(parseCrowns(bad)).toBe("invalid");
  });

  it("reads the spellings of every money field alike: a dot before three digits groups thousands", () => {
    expect(parseCrowns("1 500")).toBe(150_000);
    expect(parseCrowns("1.500")).toBe(150_000);
    expect(parseCrowns("1 500,50 Kč")).toBe(150_050);
    expect(parseCrowns("1500,5")).toBe(150_050);
    expect(parseCrowns("12.345.678")).toBe(1_234_567_800);
    expect(parseCrowns("1.5")).toBe(150);
  });

  it("writes minor units back as the form shows them", () => {
    expect(formatCrownsInput(150_000)).toBe("1500");
    expect(formatCrownsInput(150_050)).toBe("1500,50");
    expect(formatCrownsInput(5)).toBe("0,05");
    expect(formatCrownsInput(null)).toBe("");
  });
});
