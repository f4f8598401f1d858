import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createContractChecker } from "./api-contract.ts";
import { createTestApi, type TestApi } from "./api-harness.ts";

/** A currency as GET /api/lists/currencies answers it (server/modules/lists/api.ts). */
const CZK = {
  id: 1,
  is_default: true,
  code: "CZK",
  symbol_before: null,
  symbol_after: " Kč",
  decimals: 2,
  rate: 1,
};

/** The harness holds every answer against the OpenAPI document (ADR 0108): a drift fails the test. */
describe("API answers checked against the document", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await api?.close();
  });

  /** The service answers `currencies` for this call: what the route's handler passes on as it is. */
  const answering = (currencies: unknown[]) =>
    vi.spyOn(api.services.lists, "currencies").mockResolvedValueOnce(currencies as never);

  it("lets an answer that matches the document through", async () => {
    answering([CZK]);
    const response = await api.call("GET", "/api/lists/currencies");
    expect(response.status).toBe(200);
    expect(response.json).toEqual([CZK]);
  });

  it("fails the call when the code renames a field the document requires", async () => {
    const { code, ...rest } = CZK;
    answering([{ ...rest, currency_code: code }]);
    await expect(api.call("GET", "/api/lists/currencies")).rejects.toThrow(
      /GET \/lists\/currencies → 200: \/0 must have required property 'code'/,
    );
  });

  it("fails the call when a field's type changes", async () => {
    answering([{ ...CZK, rate: "1" }]);
    await expect(api.call("GET", "/api/lists/currencies")).rejects.toThrow(/\/0\/rate must be number/);
  });

  it("names a status the operation does not document, and leaves an answer no operation describes alone", async () => {
    const document = (await api.call("GET", "/api/openapi.json")).json;
    const checker = createContractChecker(document);
    expect(checker.problems("GET", "/api/lists/currencies", 418, "application/json", {})).toEqual([
      "GET /lists/currencies → 418: the document does not list this status",
    ]);
    // The path's id is matched by its template; a literal segment wins over a parameter.
    expect(
      checker.problems("GET", "/api/messages/threads/12?lang=en", 200, "application/json", { nothing: true }),
    ).not.toEqual([]);
    // An answer no operation describes (an unknown path) is the 404 test's business, not the contract's.
    expect(checker.problems("GET", "/api/no-such-thing", 404, "application/json", {})).toEqual([]);
  });
});
