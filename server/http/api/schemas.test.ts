import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_INT4 } from "#core/validation/limits.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { rowId } from "./schemas.ts";

describe("rowId (id path and query parameters)", () => {
  it.each([
    ["1", 1],
    ["16", 16],
    ["012", 12],
    [String(MAX_INT4), MAX_INT4],
  ])("reads %s as %d", (value, expected) => {
    expect(rowId().parse(value)).toBe(expected);
  });

  it.each([
    "0x10",
    "1e3",
    " 1",
    "1 ",
    "+1",
    "1.0",
    "1_000",
    "0b1",
    "0o7",
    "Infinity",
    "",
    "0",
    "-1",
    `${MAX_INT4 + 1}`,
  ])("refuses %j", (value) => {
    expect(rowId().safeParse(value).success).toBe(false);
  });
});

describe("an id in an API path", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(async () => {
    await api?.close();
  });

  it.each(["0x10", "1e3", "%201", "1.0"])(
    "%s answers like any other non-number: 422 with a translated message",
    async (id) => {
      const { token } = await api.createUser();
      const response = await api.call("GET", `/api/messages/threads/${id}`, { token });
      const letters = await api.call("GET", "/api/messages/threads/abc", { token });
      expect(letters.status).toBe(422);
      expect(response.status).toBe(422);
      expect(response.json).toEqual(letters.json);
      expect(response.json.errors.id[0]).toMatch(/\p{L}/u);
    },
  );

  it("an id of digits still reaches the handler (404 for a thread that does not exist)", async () => {
    const { token } = await api.createUser();
    const response = await api.call("GET", "/api/messages/threads/16", { token });
    expect(response.status).toBe(404);
  });
});
