import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { countries, currencies } from "./tables.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
  await api.db.insert(currencies).values([
    { code: "CZK", symbolAfter: " Kč", decimals: 2, rate: "1", isDefault: true, position: 1 },
    { code: "EUR", symbolBefore: "€", decimals: 2, rate: "25.2", isDefault: false, position: 2 },
  ]);
  await api.db.insert(countries).values([
    { code: "SK", nameCs: "Slovensko", nameEn: "Slovakia", position: 2 },
    { code: "CZ", nameCs: "Česká republika", nameEn: "Czech Republic", position: 1 },
    { code: "AT", nameCs: "Rakousko", nameEn: "Austria", position: 10 },
    { code: "DE", nameCs: "Německo", nameEn: "Germany", position: 10 },
  ]);
});
afterAll(async () => {
  await api?.close();
});

describe("GET /api/lists/currencies", () => {
  it("lists currencies with the documented fields, the default flagged", async () => {
    const response = await api.call("GET", "/api/lists/currencies");
    expect(response.status).toBe(200);
    expect(response.json).toEqual([
      {
        id: expect.any(Number),
        is_default: true,
        code: "CZK",
        symbol_before: null,
        symbol_after: " Kč",
        decimals: 2,
        rate: 1,
      },
      {
        id: expect.any(Number),
        is_default: false,
        code: "EUR",
        symbol_before: "€",
        symbol_after: null,
        decimals: 2,
        rate: 25.2,
      },
    ]);
  });

  it("keeps at most one default currency", async () => {
    await expect(
      api.db.insert(currencies).values({ code: "USD", rate: "23", isDefault: true }),
    ).rejects.toThrow();
  });
});

describe("GET /api/lists/countries/{locale}", () => {
  it("names countries in the requested language, home markets first, then alphabetically", async () => {
    const cs = await api.call("GET", "/api/lists/countries/cs");
    expect(cs.status).toBe(200);
    expect(cs.json).toEqual([
      { code: "CZ", name: "Česká republika" },
      { code: "SK", name: "Slovensko" },
      { code: "DE", name: "Německo" },
      { code: "AT", name: "Rakousko" },
    ]);
    const en = await api.call("GET", "/api/lists/countries/en");
    expect(en.json.map((c: { name: string }) => c.name)).toEqual([
      "Czech Republic",
      "Slovakia",
      "Austria",
      "Germany",
    ]);
  });

  it("refuses an unknown locale with 422", async () => {
    const response = await api.call("GET", "/api/lists/countries/xx");
    expect(response.status).toBe(422);
    expect(response.json.errors.locale).toEqual(["Vyberte prosím jednu z nabízených možností."]);
  });
});
