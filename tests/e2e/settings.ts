import { type APIRequestContext, expect } from "@playwright/test";
import { DEMO } from "./fixtures.ts";
import { staffApiToken } from "./staff.ts";

/**
 * Changes a setting through the admin API, as the operator does in the back office, and answers
 * the value it replaced (a test puts it back in the end).
 */
export async function putSetting(
  request: APIRequestContext,
  name: string,
  change: (value: unknown) => unknown,
) {
  const settings = (await (await request.get("/api/settings?lang=cs")).json()) as {
    name: string;
    value: unknown;
  }[];
  const previous = settings.find((entry) => entry.name === name)?.value;
  const token = await staffApiToken(request, DEMO.admin.email);
  const saved = await request.put(`/api/admin/settings/${name}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { value: change(previous) },
  });
  expect(saved.status(), `saving ${name}`).toBe(200);
  return previous;
}
