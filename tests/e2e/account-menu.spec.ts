import { DEMO, expect, hydrated, logIn, test } from "./fixtures.ts";

/**
 * The account sidebar and the header's account menu lead to every account page a user needs,
 * watched auctions, reviews and watchdogs included (issue 14), at the phone and desktop widths.
 */
const PAGES = [
  { id: "accountWatch", name: "Sledované aukce", href: "/ucet/sledovane-aukce", heading: "Sledované aukce" },
  { id: "accountReviews", name: "Hodnocení", href: "/ucet/hodnoceni", heading: "Hodnocení" },
  { id: "accountWatchdogs", name: "Hlídací pes", href: "/ucet/hlidaci-pes", heading: "Hlídací pes" },
];

for (const width of [375, 1280]) {
  test(`at ${width} px the account sidebar links to watched auctions, reviews and watchdogs`, async ({
    page,
  }) => {
    test.slow(); // a login and six pages
    await page.setViewportSize({ width, height: 900 });
    await logIn(page, DEMO.buyer, "/ucet/prehled");
    for (const target of PAGES) {
      // Folded into a block below the desktop width.
      await page.goto("/ucet/prehled");
      await hydrated(page);
      const sidebar = page.getByTestId("account-sidebar");
      if (width < 1028) await sidebar.getByTestId("account-sidebar-toggle").click();
      const link = sidebar.getByTestId(`account-sidebar-${target.id}`);
      await expect(link).toHaveAttribute("href", target.href);
      await expect(link).toHaveAccessibleName(target.name);
      await link.click();
      await expect(page).toHaveURL(target.href);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(target.heading);
      await expect(page.getByTestId(`account-sidebar-${target.id}`)).toHaveAttribute("aria-current", "page");
    }
  });

  test(`at ${width} px the header's account menu links to watched auctions, reviews and watchdogs`, async ({
    page,
  }) => {
    test.slow(); // a login and six pages
    await page.setViewportSize({ width, height: 900 });
    await logIn(page, DEMO.buyer, "/ucet/prehled");
    for (const target of PAGES) {
      await page.goto("/");
      await hydrated(page);
      await page.getByTestId("account-trigger").click();
      const link = page.getByTestId("account-dropdown").getByRole("link", { name: target.name, exact: true });
      await expect(link).toHaveAttribute("href", target.href);
      await link.click();
      await expect(page).toHaveURL(target.href);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(target.heading);
    }
  });
}
