import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { type Account, answerConsent, DEMO, expect, hydrated, signInByApi, test } from "./fixtures.ts";

/**
 * A clean console (issue 14, item 7): the main pages log no error (a hydration mismatch included)
 * and none of their requests fails, for a guest, the demo buyer (who has a wishlist) and the demo
 * seller and newcomer (who have none). One test per page and visitor, each on a page of its own,
 * so a navigation never cuts a request of the page before.
 */

/** The unverified demo seller: no wishlist, no listings (server/db/seed/users-data.ts). */
const NEWCOMER: Account = { email: "novacek@rarita.test", password: "demo-novacek" };

/**
 * Failures that are meant to happen, each with its reason. None so far: a page that loads fine
 * asks for nothing that is missing.
 */
const DELIBERATE: { url: RegExp; status: number; reason: string }[] = [];

/** Everything that went wrong on `page` from now on, one line each. */
function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("response", (response) => {
    const status = response.status();
    if (status < 400) return;
    const url = response.url();
    if (DELIBERATE.some((entry) => entry.status === status && entry.url.test(url))) return;
    problems.push(`${status}: ${response.request().method()} ${url}`);
  });
  page.on("requestfailed", (request) => {
    const failure = request.failure()?.errorText ?? "";
    problems.push(`failed: ${request.method()} ${request.url()} (${failure})`);
  });
  return problems;
}

/** Opens `path`, waits until it has hydrated and its requests are over, and returns what went wrong. */
async function visit(page: Page, path: string): Promise<string[]> {
  const problems = watch(page);
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await hydrated(page);
  // The wishlist, counts and the like load after hydration.
  await page.waitForLoadState("networkidle");
  return problems;
}

/** The pages every visitor sees, found through the API so that the demo data may change. */
async function publicPages(request: APIRequestContext): Promise<Record<string, string>> {
  const html = await (await request.get("/denni-aukce")).text();
  const product = html.match(/href="(\/\d+\/[a-z0-9-]+\/[a-z0-9-]+)"/)?.[1];
  expect(product, "a product link on /denni-aukce").toBeTruthy();
  return {
    home: "/",
    category: "/1/alkohol",
    product: product!,
    search: "/hledani?q=rum",
  };
}

/** A browser page signed in as `account`, consent answered, on no page yet. */
async function signedIn(browser: Browser, baseURL: string, account: Account): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await answerConsent(context, baseURL);
  await signInByApi(context, baseURL, account);
  return context.newPage();
}

/**
 * A thread of the signed-in user's inbox with a message from the other side (it has the report
 * button, whose form once broke hydration), read through the page's HTML.
 */
async function threadWithAnswer(page: Page): Promise<string> {
  const html = await (await page.request.get("/ucet/zpravy")).text();
  const threads = [
    ...new Set([...html.matchAll(/href="(\/ucet\/zpravy\/\d+)(?:\?[^"]*)?"/g)].map((m) => m[1])),
  ];
  for (const thread of threads) {
    const view = await (await page.request.get(thread)).text();
    if (view.includes('data-testid="message-report"')) return thread;
  }
  throw new Error(`no thread with an answer among ${threads.join(", ")}`);
}

const PAGES = ["home", "category", "product", "search"] as const;

test.describe("guest", () => {
  for (const name of PAGES)
    test(`no console error or failed request on the ${name} page`, async ({ page, request }) => {
      const path = (await publicPages(request))[name];
      expect(await visit(page, path)).toEqual([]);
    });

  test("a guest without a wishlist asks for none", async ({ page }) => {
    const asked: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/wishlist")) asked.push(request.url());
    });
    expect(await visit(page, "/denni-aukce")).toEqual([]);
    await expect(page.getByTestId("watch-button").first()).toHaveAttribute("aria-pressed", "false");
    expect(asked).toEqual([]);
  });
});

for (const [who, account] of [
  ["buyer", DEMO.buyer],
  ["seller", DEMO.seller],
  ["newcomer", NEWCOMER],
] as const) {
  test.describe(`signed in as the ${who}`, () => {
    for (const name of [...PAGES, "account overview"] as const)
      test(`no console error or failed request on the ${name} page`, async ({ browser, baseURL }) => {
        const page = await signedIn(browser, baseURL!, account);
        const path = name === "account overview" ? "/ucet/prehled" : (await publicPages(page.request))[name];
        expect(await visit(page, path)).toEqual([]);
        await page.context().close();
      });

    if (who !== "newcomer")
      test("no console error or failed request on a message thread", async ({ browser, baseURL }) => {
        const page = await signedIn(browser, baseURL!, account);
        const thread = await threadWithAnswer(page);
        expect(await visit(page, thread)).toEqual([]);
        await expect(page.getByTestId("thread-view")).toBeVisible();
        await expect(page.getByTestId("message-report").first()).toBeVisible();
        await page.context().close();
      });
  });
}
