import { DEMO, expect, test } from "./fixtures.ts";
import { type ProxiedServer, startProxiedServer } from "./https-proxy.ts";

/**
 * A cache in front (issue 18; ADR 0027): nginx with proxy_cache, configured as the README's
 * production notes say, keeps the anonymous pages the server marks public and hands the second
 * visitor its copy (X-Cache-Status: HIT); a signed-in visitor's page is never kept nor served
 * from it.
 */
test.describe.configure({ mode: "serial" });

let site: ProxiedServer;

test.beforeAll(async () => {
  // A server of its own (demo data on a fresh data directory): the seed takes a while.
  test.setTimeout(200_000);
  site = await startProxiedServer({ pageCache: true });
});

test.afterAll(async () => {
  await site?.stop();
});

test("nginx serves the second anonymous visit from its cache, never a signed-in one", async ({
  playwright,
}) => {
  test.setTimeout(90_000);
  const visitor = await playwright.request.newContext({ baseURL: site.url, ignoreHTTPSErrors: true });

  const first = await visitor.get("/");
  expect(first.status()).toBe(200);
  expect(first.headers()["set-cookie"]).toBeUndefined();
  expect(first.headers()["cache-control"]).toBe("public, max-age=0, s-maxage=15");
  expect(first.headers().vary).toContain("Cookie");
  expect(first.headers()["x-cache-status"]).not.toBe("HIT");

  const second = await visitor.get("/");
  expect(second.headers()["x-cache-status"]).toBe("HIT");
  expect(await second.text()).toBe(await first.text());

  // A signed-in visitor: their own page, private, and never the proxy's copy.
  const auth = await playwright.request.newContext({ baseURL: site.url, ignoreHTTPSErrors: true });
  const login = await auth.post("/api/auth/login", {
    data: { email: DEMO.buyer.email, password: DEMO.buyer.password },
  });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  await auth.dispose();
  const member = await playwright.request.newContext({
    baseURL: site.url,
    ignoreHTTPSErrors: true,
    extraHTTPHeaders: { Cookie: `__Host-auth._token=${token}` },
  });
  for (let visit = 0; visit < 2; visit += 1) {
    const page = await member.get("/");
    expect(page.status()).toBe(200);
    expect(page.headers()["cache-control"]).toBe("private, no-store");
    expect(page.headers()["x-cache-status"]).not.toBe("HIT");
    expect(await page.text()).toContain("SberatelKarel");
  }

  // The anonymous copy is still there for the next visitor.
  expect((await visitor.get("/")).headers()["x-cache-status"]).toBe("HIT");
  await member.dispose();
  await visitor.dispose();
});
