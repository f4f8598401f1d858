import { addSiteCookies, submitLogin } from "../browser-setup.ts";
import { DEMO, expect, test } from "./fixtures.ts";
import { PROXY_ADDRESS, type ProxiedServer, startProxiedServer } from "./https-proxy.ts";

/**
 * The normal deployment: an https PUBLIC_URL, nginx terminating TLS in front, TRUSTED_PROXIES
 * naming it. Every form post (login first) used to answer 400 there, because React Router
 * compared the browser's https origin with the server's http request URL.
 */
test.describe.configure({ mode: "serial" });

let site: ProxiedServer;

test.beforeAll(async () => {
  // A server of its own (demo data on a fresh data directory): the seed takes a while.
  test.setTimeout(200_000);
  site = await startProxiedServer();
});

test.afterAll(async () => {
  await site?.stop();
});

test("through a TLS-terminating proxy: log in, see the client's own address, and place a bid", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL: site.url, ignoreHTTPSErrors: true });
  await addSiteCookies(context, site.url);
  const page = await context.newPage();

  await page.goto("/ucet");
  const loginPost = page.waitForResponse((response) => response.request().method() === "POST");
  await submitLogin(page, DEMO.buyer);
  expect((await loginPost).status()).toBeLessThan(400);
  await expect(page).toHaveURL(`${site.url}/ucet/prehled`);
  await expect(page.getByTestId("account-trigger")).toContainText("SberatelKarel");

  // The session is recorded with the browser's address from nginx's X-Forwarded-For, not nginx's.
  await page.goto("/ucet/prihlasena-zarizeni");
  const current = page.getByTestId("session-list").locator('[data-current="true"]');
  await expect(current).toContainText("127.0.0.1");
  await expect(current).not.toContainText(PROXY_ADDRESS);

  // A live auction of the demo seller (the e2e server's diagnostics, asked on the server directly).
  const created = await request.post(`${site.backendUrl}/__diagnostics/auction`, {
    data: {
      sellerEmail: DEMO.seller.email,
      startPriceMinor: 100_000,
      endsInSeconds: 600,
      name: "Havana Club Máximo",
    },
  });
  expect(created.status()).toBe(200);
  const auction = (await created.json()) as { url: string };
  await page.goto(auction.url);
  await expect(page.getByTestId("auction-live")).toHaveAttribute("data-state", "open");
  await page.getByTestId("bid-amount").fill("1000");
  await page.getByTestId("bid-submit").click();
  const confirm = page.getByTestId("bid-confirm");
  await expect(confirm.getByTestId("bid-binding")).toContainText("Příhoz je závazný.");
  await confirm.getByTestId("bid-confirm-submit").click();
  await expect(page.getByTestId("bid-leading")).toContainText("Příhoz přijat, vedete.");
  await expect(page.getByTestId("auction-current-price")).toHaveText("1 000,00 Kč");
  await context.close();
});
