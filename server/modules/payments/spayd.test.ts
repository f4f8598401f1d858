import { describe, expect, it } from "vitest";
import { czechAccountToIban, formatIban, normalizeIban } from "#core/formats/iban.ts";
import { buildSpayd, spaydQrSvg } from "./spayd.ts";

describe("IBAN", () => {
  it("accepts valid check digits with or without spaces and refuses a changed digit", () => {
    expect(normalizeIban("cz65 0800 0000 1920 0014 5399")).toBe("CZ6508000000192000145399");
    expect(normalizeIban("CZ7801000000000000000123")).toBe("CZ7801000000000000000123");
    expect(normalizeIban("CZ6508000000192000145398")).toBeNull();
    expect(normalizeIban("CZ65")).toBeNull();
    expect(normalizeIban("65CZ08000000192000145399")).toBeNull();
  });

  it("is made from a Czech account number with prefix and bank code, which must pass modulo 11", () => {
    // Česká spořitelna's published example: 19-2000145399/0800 is CZ65 0800 0000 1920 0014 5399.
    expect(czechAccountToIban("19-2000145399/0800")).toBe("CZ6508000000192000145399");
    expect(czechAccountToIban("2801234527 / 2010")).toBe("CZ2420100000002801234527");
    expect(normalizeIban(czechAccountToIban("2801234527/2010")!)).not.toBeNull();
    expect(czechAccountToIban("2801234567/2010")).toBeNull();
    expect(czechAccountToIban("19-2000145399")).toBeNull();
    expect(czechAccountToIban("12-2000145399/0800")).toBeNull();
  });

  it("groups by four for reading", () => {
    expect(formatIban("CZ6508000000192000145399")).toBe("CZ65 0800 0000 1920 0014 5399");
  });
});

describe("SPAYD (QR Platba)", () => {
  it("writes IBAN, amount, currency, due date and variable symbol", () => {
    expect(
      buildSpayd({
        iban: "CZ7801000000000000000123",
        amountMinor: 79_950,
        currency: "CZK",
        dueDate: new Date(Date.UTC(2022, 9, 1)),
        variableSymbol: "9562231077",
      }),
    ).toBe("SPD*1.0*ACC:CZ7801000000000000000123*AM:799.50*CC:CZK*DT:20221001*X-VS:9562231077");
  });

  it("takes amounts under 1 Kč and a leading zero in the symbol (the spayd package does not)", () => {
    expect(buildSpayd({ iban: "CZ7801000000000000000123", amountMinor: 5, variableSymbol: "0123" })).toBe(
      "SPD*1.0*ACC:CZ7801000000000000000123*AM:0.05*CC:CZK*X-VS:0123",
    );
  });

  it("escapes the separator in the message and cuts it to 60 characters", () => {
    const spayd = buildSpayd({
      iban: "CZ7801000000000000000123",
      amountMinor: 100,
      message: `Objednávka *7* ${"x".repeat(80)}`,
    });
    const message = spayd.split("*MSG:")[1];
    expect(message.startsWith("Objednávka %2A7%2A ")).toBe(true);
    expect(message.replaceAll("%2A", "*")).toHaveLength(60);
  });

  it("refuses a bad IBAN, amount or variable symbol", () => {
    expect(() => buildSpayd({ iban: "CZ7801000000000000000124", amountMinor: 100 })).toThrow(/IBAN/);
    expect(() => buildSpayd({ iban: "CZ7801000000000000000123", amountMinor: 1.5 })).toThrow(/amount/);
    expect(() => buildSpayd({ iban: "CZ7801000000000000000123", amountMinor: -1 })).toThrow(/amount/);
    expect(() =>
      buildSpayd({ iban: "CZ7801000000000000000123", amountMinor: 100, variableSymbol: "12345678901" }),
    ).toThrow(/variable symbol/);
    expect(() =>
      buildSpayd({ iban: "CZ7801000000000000000123", amountMinor: 100, variableSymbol: "12a" }),
    ).toThrow(/variable symbol/);
  });

  it("renders a QR code as SVG", async () => {
    const svg = await spaydQrSvg("SPD*1.0*ACC:CZ7801000000000000000123*AM:1.00*CC:CZK");
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg).toContain("<path");
  });
});
