import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { controlCharacterFields } from "#core/validation/text-input.ts";
import { countries } from "../modules/lists/tables.ts";
import { createTestApi, type TestApi } from "../test/api-harness.ts";

const address = { name: "Jan Novák", street: "Dlouhá 1", city: "Praha", zip: "11000", countryCode: "CZ" };

describe("control characters in text input", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi();
    await api.db
      .insert(countries)
      .values({ code: "CZ", nameCs: "Česká republika", nameEn: "Czech Republic", position: 0 });
  });
  afterAll(async () => {
    await api?.close();
  });

  it("a NUL in an address field is a 422 naming the field, not a 500, and nothing is stored", async () => {
    const { token } = await api.createUser();
    const response = await api.call("PUT", "/api/me/addresses/invoice", {
      token,
      body: { ...address, street: "a\u0000b" },
    });
    expect(response.status).toBe(422);
    expect(response.json).toEqual({ errors: { street: ["Pole obsahuje nepovolené řídicí znaky."] } });
    const stored = await api.call("GET", "/api/me/addresses/invoice", { token });
    expect(JSON.stringify(stored.json)).not.toContain("a\\u0000b");
  });

  it("answers in English for an English client", async () => {
    const { token } = await api.createUser();
    const response = await api.call("PUT", "/api/me/addresses/invoice?lang=en", {
      token,
      body: { ...address, city: "Praha\u0007" },
    });
    expect(response.status).toBe(422);
    expect(response.json).toEqual({
      errors: { city: ["The field contains control characters that are not allowed."] },
    });
  });

  it.each([
    ["DEL", "\u007f"],
    ["a C1 control (NEL)", "\u0085"],
    ["ESC", "\u001b[2J"],
    ["a vertical tab", "\u000b"],
  ])("refuses %s too", async (_label, character) => {
    const { token } = await api.createUser();
    const response = await api.call("PUT", "/api/me/addresses/invoice", {
      token,
      body: { ...address, name: `Jan${character}Novák` },
    });
    expect(response.status).toBe(422);
    expect(Object.keys(response.json.errors)).toEqual(["name"]);
  });

  it("still saves an address of ordinary text", async () => {
    const { token } = await api.createUser();
    const response = await api.call("PUT", "/api/me/addresses/invoice", { token, body: address });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ data: { street: "Dlouhá 1" } });
  });

  it("checks query strings", async () => {
    const query = await api.call("GET", "/api/lists/currencies?q=a%00b");
    expect(query.status).toBe(422);
    expect(Object.keys(query.json.errors)).toEqual(["q"]);
  });

  it("a control character in a path segment names nothing: 404", async () => {
    const { token } = await api.createUser();
    for (const path of ["/api/me/invoices/2026%00001", "/api/me/invoices/2026%0A001"]) {
      const response = await api.call("GET", path, { token });
      expect(response.status).toBe(404);
      expect(response.json).toEqual({ message: "This page could not be found" });
    }
  });
});

describe("controlCharacterFields", () => {
  it("names the fields by the path validation errors use, and keeps tab, newline and CR", () => {
    expect(
      controlCharacterFields({
        text: "line one\r\nline\ttwo",
        invoice: { street: "a\u0000b" },
        images: ["ok", "x\u009b"],
        count: 3,
      }),
    ).toEqual(["invoice.street", "images.1"]);
    expect(controlCharacterFields({ "bad\u0000key": "x" })).toEqual(["_"]);
  });
});
