import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { csrfProtection } from "./csrf.ts";
import type { AppEnv } from "./types.ts";

const app = new Hono<AppEnv>();
app.use(async (c, next) => {
  c.set("locale", "cs");
  await next();
});
app.use(csrfProtection("https://rarita.example"));
app.post("/ucet", (c) => c.text("changed"));
app.post("/api/wishlist", (c) => c.json({ ok: true }));
app.get("/ucet", (c) => c.text("read"));

const post = (path: string, headers: Record<string, string>) =>
  app.request(`https://rarita.example${path}`, { method: "POST", headers });

describe("csrfProtection", () => {
  it("lets same-origin form posts and reads through", async () => {
    expect((await post("/ucet", { Origin: "https://rarita.example" })).status).toBe(200);
    expect((await post("/ucet", { "Sec-Fetch-Site": "same-origin" })).status).toBe(200);
    expect(
      (await app.request("https://rarita.example/ucet", { headers: { Origin: "https://evil.example" } }))
        .status,
    ).toBe(200);
  });

  it("refuses a cross-site post with 403, JSON under /api", async () => {
    const page = await post("/ucet", { Origin: "https://evil.example", Cookie: "auth._token=abc" });
    expect(page.status).toBe(403);
    expect(await page.text()).toBe("K této akci nemáte oprávnění.");
    const api = await post("/api/wishlist", { "Sec-Fetch-Site": "cross-site", Cookie: "auth._token=abc" });
    expect(api.status).toBe(403);
    expect(await api.json()).toEqual({ message: "K této akci nemáte oprávnění." });
    expect((await post("/ucet", { Origin: "null" })).status).toBe(403);
  });

  it("does not apply to Bearer-token API calls, which browsers never send by themselves", async () => {
    expect(
      (await post("/api/wishlist", { Origin: "https://app.example", Authorization: "Bearer t" })).status,
    ).toBe(200);
  });
});
