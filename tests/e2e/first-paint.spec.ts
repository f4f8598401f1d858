import { answerConsent, expect, hydrated, test } from "./fixtures.ts";

/**
 * The page paints before its scripts run (ADR 0059): React Router's route modules are imported
 * only once the first contentful paint is reported, so evaluating them and hydrating never hold the
 * server's HTML back from the screen, even when every script is already in the browser's cache.
 * The page still hydrates and works.
 */

test.beforeEach(async ({ context, baseURL }) => {
  await answerConsent(context, baseURL!);
  // When the route modules were handed to React Router, against the first contentful paint.
  await context.addInitScript(() => {
    let modules: unknown;
    Object.defineProperty(window, "__reactRouterRouteModules", {
      configurable: true,
      get: () => modules,
      set: (value) => {
        modules = value;
        (window as unknown as { routeModulesAt: number }).routeModulesAt = performance.now();
      },
    });
  });
});

for (const path of ["/", "/2/rum"]) {
  test(`${path}: the first contentful paint comes before the route modules, on a first and a repeat visit`, async ({
    page,
  }) => {
    for (const visit of ["first", "repeat"]) {
      await page.goto(path);
      await hydrated(page);
      const { paint, modules } = await page.evaluate(() => ({
        paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
        modules: (window as unknown as { routeModulesAt?: number }).routeModulesAt ?? null,
      }));
      expect(paint, `${visit} visit: a contentful paint`).not.toBeNull();
      expect(modules, `${visit} visit: the route modules arrived`).not.toBeNull();
      expect(modules!, `${visit} visit`).toBeGreaterThanOrEqual(paint!);
    }
    // Hydrated, the page answers: the header search's suggestions need the scripts.
    const bar = page.getByTestId("search-bar");
    await bar.getByRole("combobox").pressSequentially("zakap", { delay: 30 });
    await expect(bar.getByRole("listbox")).toContainText("Zacapa");
  });
}
