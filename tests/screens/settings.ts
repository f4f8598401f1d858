import { request } from "@playwright/test";
import { DEMO_STAFF } from "../../server/db/seed/staff-data.ts";
import { demoTotp, totpCode } from "../e2e/staff.ts";

const OWNER = DEMO_STAFF.find((member) => member.role === "admin")!;

/** Saves a setting as the demo owner through the admin API (with the second factor), for a screens script. */
export async function putSetting(base: string, name: string, value: unknown) {
  const api = await request.newContext({ baseURL: base });
  const login = await api.post("/api/auth/login", { data: { email: OWNER.email, password: OWNER.password } });
  const { token } = (await login.json()) as { token: string };
  for (const step of [0, 1]) {
    const passed = await api.post("/api/auth/second-factor", {
      headers: { Authorization: `Bearer ${token}` },
      data: { code: totpCode(demoTotp(OWNER.email), step) },
    });
    if (passed.status() === 200) break;
  }
  const saved = await api.put(`/api/admin/settings/${name}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { value },
  });
  if (saved.status() !== 200) throw new Error(`${name}: ${saved.status()}`);
}
