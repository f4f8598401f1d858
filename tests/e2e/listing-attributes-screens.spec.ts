import type { Page } from "@playwright/test";
import { expect, signedIn, test } from "./fixtures.ts";

/**
 * Screenshots of the structured attributes' screens (issue 37) at 1280, 768 and 375 px in both
 * languages: the listing form's section, a whisky's table of attributes, the whisky category's
 * facets. Only with SCREENS_DIR set; nothing is asserted beyond what the shots need.
 */

const SELLER = { email: "sberatel7@rarita.test", password: "demo-sberatel" };
const dir = process.env.SCREENS_DIR;

async function shoot(page: Page, name: string, target?: string) {
  test.info().setTimeout(test.info().timeout + 30_000);
  for (const width of [1280, 768, 375]) {
    await page.setViewportSize({ width, height: 900 });
    // Below the desktop breakpoint the filters are folded behind their button.
    const toggle = page.getByTestId("filters-toggle");
    if (
      target === "filters" &&
      (await toggle.isVisible()) &&
      (await toggle.getAttribute("aria-expanded")) !== "true"
    )
      await toggle.click();
    const element = target ? page.getByTestId(target).first() : null;
    if (element) await element.screenshot({ path: `${dir}/${name}-${width}.png` });
    else await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
}

test.skip(!dir, "screenshots only with SCREENS_DIR");

for (const locale of ["cs", "en"] as const) {
  test(`the attributes' screens (${locale})`, async ({ browser, baseURL }) => {
    test.slow();
    const page = await signedIn(browser, baseURL!, SELLER);
    const prefix = locale === "en" ? "/en" : "";
    await page.goto(`${prefix}/3/whisky`);
    await page.waitForLoadState("networkidle");
    await shoot(page, `facets-${locale}`, "filters");
    const first = page.getByTestId("product-card").first();
    await first.locator("a").first().click();
    await expect(page.getByTestId("product-attributes")).toBeVisible();
    await shoot(page, `product-${locale}`, "product-attributes");
    await page.goto(locale === "en" ? "/en/account/advertisements/add" : "/ucet/vase-aukce/pridat");
    const form = page.getByTestId("listing-form");
    await expect(form.locator("[data-hydrated]")).toHaveCount(1);
    await form.getByTestId("field-category").selectOption({ index: 1 });
    await form.getByTestId("field-subcategory").selectOption({ index: 2 });
    await expect(form.getByTestId("form-section-attributes")).toBeVisible();
    await shoot(page, `form-${locale}`, "form-section-attributes");
    await page.context().close();
  });
}
