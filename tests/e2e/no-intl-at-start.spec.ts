import { answerConsent, expect, hydrated, test } from "./fixtures.ts";

/**
 * The pages a visitor lands on render, hydrate and settle without building an Intl formatter
 * (ADR 0151): a browser tab's first Intl.NumberFormat, DateTimeFormat or Collator loads ICU's
 * data, 20 to 85 ms of the main thread on the bench machine. Their prices, counts, ratings,
 * attribute values and dates are written by core/formats and core/money without Intl. The page is
 * watched from before its first script: every such constructor, and localeCompare (a collator),
 * is counted with the place that called it.
 */
const PAGES = [
  "/",
  "/3/whisky",
  "/en/3/whisky",
  "/hledani?q=whisy",
  "/mesicni-aukce",
  "/lahve/29-lagavulin-16-let-43",
  "/vysledky",
  "/blog",
];

test.beforeEach(async ({ context, baseURL }) => {
  await answerConsent(context, baseURL!);
  await context.addInitScript(() => {
    const calls: string[] = [];
    (window as unknown as { __intlCalls: string[] }).__intlCalls = calls;
    const where = () => (new Error().stack ?? "").split("\n").slice(2, 4).join(" < ");
    for (const name of ["NumberFormat", "DateTimeFormat", "Collator"] as const) {
      const Made = Intl[name] as unknown as new (...args: unknown[]) => object;
      (Intl as unknown as Record<string, unknown>)[name] = new Proxy(Made, {
        construct(target, args) {
          calls.push(`${name} ${JSON.stringify(args)} at ${where()}`);
          return new target(...args);
        },
        apply(target, self, args) {
          calls.push(`${name}() ${JSON.stringify(args)} at ${where()}`);
          return Reflect.apply(target as unknown as (...a: unknown[]) => unknown, self, args);
        },
      });
    }
    const compare = String.prototype.localeCompare;
    String.prototype.localeCompare = function (this: string, ...args: Parameters<typeof compare>) {
      calls.push(`localeCompare at ${where()}`);
      return compare.apply(this, args);
    };
  });
});

for (const path of PAGES)
  test(`${path} builds no Intl formatter from its first paint to its settled state`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    const calls = await page.evaluate(() => (window as unknown as { __intlCalls: string[] }).__intlCalls);
    expect(calls, path).toEqual([]);
  });

test("a product page with its bids and attributes builds none either", async ({ page, request }) => {
  const html = await (await request.get("/denni-aukce")).text();
  const product = html.match(/href="(\/\d+\/[a-z0-9-]+\/[a-z0-9-]+)"/)?.[1];
  expect(product, "a product link on /denni-aukce").toBeTruthy();
  await page.goto(product!);
  await hydrated(page);
  await page.waitForLoadState("networkidle");
  expect(await page.evaluate(() => (window as unknown as { __intlCalls: string[] }).__intlCalls)).toEqual([]);
});
