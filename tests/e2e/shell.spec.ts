import { DEMO, expect, freezeClock, hydrated, logIn, test } from "./fixtures.ts";

/**
 * The frame around every page (docs/product/screens.md, "Parts of every page" and "Client state"):
 * the account area's sidebar, the category block on touch devices, the global modal, and keyboard
 * use of the intro popup and the currency list.
 */

test.describe("account sidebar", () => {
  test("wraps every signed-in account page, with its links and counts; guests' pages have none", async ({
    page,
  }) => {
    test.slow(); // several pages and a login
    // The login target and the registration are guest pages: no sidebar.
    for (const path of ["/ucet", "/ucet/registrace"]) {
      await page.goto(path);
      await expect(page.locator("main h1")).toBeVisible();
      await expect(page.getByTestId("account-sidebar")).toHaveCount(0);
    }

    await logIn(page, DEMO.seller, "/ucet/prehled");
    const stats = await (await page.request.get("/api/me/advertisements/statistics")).json();
    expect(stats.total).toBeGreaterThan(0);

    for (const [path, heading] of [
      ["/ucet/prehled", "Přehled účtu"],
      ["/ucet/sledovane-aukce", "Sledované aukce"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      const sidebar = page.getByTestId("account-sidebar");
      await expect(sidebar).toHaveCount(1);
      await expect(sidebar.getByTestId("account-sidebar-add")).toHaveAttribute(
        "href",
        "/ucet/vase-aukce/pridat",
      );
      for (const [id, href] of [
        ["accountOverview", "/ucet/prehled"],
        ["accountAdvertisements", "/ucet/vase-aukce"],
        ["accountAuctions", "/ucet/aukce"],
        ["accountMessages", "/ucet/zpravy"],
        ["accountInvoice", "/ucet/fakturacni-a-kontaktni-udaje"],
        ["accountNewsletters", "/ucet/newslettery"],
      ])
        await expect(sidebar.getByTestId(`account-sidebar-${id}`)).toHaveAttribute("href", href);
      // My advertisements with their total, messages with the new count (docs/product/screens.md,
      // "Parts of every page").
      await expect(sidebar.getByTestId("account-sidebar-accountAdvertisements")).toHaveAccessibleName(
        `Moje aukce (celkem ${stats.total})`,
      );
      await expect(sidebar.getByTestId("account-sidebar-accountAdvertisements")).toContainText(
        String(stats.total),
      );
      // The unread count is read again while checking: tests running beside this one write to the
      // same seller, and the sidebar states the count only when there is something unread.
      await expect(async () => {
        const { new: unread } = await (await page.request.get("/api/message?counter=1")).json();
        await page.reload();
        await expect(sidebar.getByTestId("account-sidebar-accountMessages")).toHaveAccessibleName(
          unread > 0 ? new RegExp(`^Zprávy \\(${unread} nep`) : /^Zprávy$/,
          { timeout: 2_000 },
        );
      }).toPass();
      await expect(sidebar.getByRole("button", { name: "Odhlásit se" })).toBeVisible();
    }
    await expect(
      page.getByTestId("account-sidebar").getByTestId("account-sidebar-accountOverview"),
    ).not.toHaveAttribute("aria-current", "page");

    // The English account pages get it too.
    await page.goto("/en/account/overview");
    await expect(page.getByTestId("account-sidebar")).toHaveCount(1);
    await expect(page.getByTestId("account-sidebar-accountOverview")).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("account-sidebar-accountAdvertisements")).toHaveAccessibleName(
      `My auctions (${stats.total} in total)`,
    );
  });
});

test.describe("category block on touch devices", () => {
  test.use({ viewport: { width: 1280, height: 900 }, hasTouch: true, isMobile: true });

  test("a touch tablet wider than 1028 px gets the collapsible block, not the sidebar tree", async ({
    page,
  }) => {
    test.slow(); // three page loads on a touch device
    await page.goto("/1/alkohol");
    await hydrated(page);
    expect(await page.evaluate(() => window.innerWidth)).toBe(1280);
    const block = page.getByTestId("category-sidebar");
    const toggle = block.getByTestId("category-block-toggle");
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(block.getByTestId("category-link-2")).toBeHidden();

    await toggle.tap();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    // The current category's children: open a level and follow a link.
    await expect(block.getByTestId("category-link-1")).toHaveAttribute("aria-current", "page");
    await block.getByTestId("category-toggle-1").tap();
    await block.getByTestId("category-toggle-2").tap();
    await expect(block.getByTestId("category-toggle-2")).toHaveAttribute("aria-expanded", "true");
    const child = block.locator('[data-category-id="2"] ul a').first();
    const href = await child.getAttribute("href");
    await child.tap();
    await expect(page).toHaveURL(href!);
    await expect(page.getByTestId("category-sidebar").locator(`a[href="${href}"]`)).toHaveAttribute(
      "aria-current",
      "page",
    );

    // The block stays open on the new page; closing it hides the tree again.
    const again = page.getByTestId("category-sidebar").getByTestId("category-block-toggle");
    await expect(again).toHaveAttribute("aria-expanded", "true");
    await again.tap();
    await expect(again).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByTestId("category-sidebar").getByTestId("category-link-1")).toBeHidden();
  });
});

test.describe("overlays", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("the global modal: focus moves in, an unknown type says so, Escape closes and focus returns", async ({
    page,
  }) => {
    await page.goto("/");
    await hydrated(page);
    await page.waitForFunction(() => Boolean(window.__raritaTest));
    const opener = page.getByTestId("cookie-settings");
    await opener.focus();

    await page.evaluate(() =>
      window.__raritaTest!.openGlobalModal({
        type: "text",
        title: "Odkaz zkopírován",
        text: "Pošlete ho dál.",
      }),
    );
    const modal = page.getByRole("dialog", { name: "Odkaz zkopírován" });
    await expect(modal).toBeVisible();
    await expect(modal).toHaveAccessibleDescription("Pošlete ho dál.");
    await expect(modal.getByRole("button", { name: "Zavřít" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(modal.getByRole("button", { name: "Rozumím" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(modal).toBeHidden();
    await expect(opener).toBeFocused();

    await page.evaluate(() => window.__raritaTest!.openGlobalModal({ type: "video", title: "Ignored" }));
    const unknown = page.getByRole("dialog", { name: "Nelze zobrazit" });
    await expect(unknown).toBeVisible();
    await expect(unknown).toHaveAccessibleDescription("Neznámý typ okna: video.");
    await expect(unknown).not.toContainText("Ignored");
    await unknown.getByRole("button", { name: "Rozumím" }).press("Enter");
    await expect(unknown).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("snackbars keep their type; an indefinite one stays until closed", async ({ page }) => {
    await freezeClock(page);
    await page.goto("/");
    await hydrated(page);
    await page.waitForFunction(() => Boolean(window.__raritaTest));
    await page.evaluate(() => {
      window.__raritaTest!.showSnackbar({ type: "success", text: "Uloženo", duration: 2000 });
      window.__raritaTest!.showSnackbar({ type: "info", text: "Trvalé upozornění", indefinite: true });
    });
    const bars = page.getByTestId("snackbars");
    await expect(bars.locator('[data-type="success"]')).toHaveText("Uloženo");
    await expect(bars.locator('[data-type="success"]')).toHaveAttribute("role", "status");
    await page.clock.runFor(2_100);
    await expect(bars.locator('[data-type="success"]')).toHaveCount(0);
    await page.clock.runFor(60_000);
    const sticky = bars.locator('[data-type="info"]');
    await expect(sticky).toHaveText("Trvalé upozornění");
    await sticky.getByRole("button", { name: "Zavřít" }).click();
    await expect(sticky).toHaveCount(0);
  });
});

test.describe("keyboard", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("the intro popup: focus moves in, Tab reaches its link, Escape closes it and focus returns", async ({
    page,
    context,
  }) => {
    // Age and consent answered (the fixture), the popup not yet dismissed.
    await context.clearCookies({ name: "intro-popup" });
    await page.clock.install();
    await page.goto("/");
    await hydrated(page);
    const logo = page.getByTestId("site-header").getByRole("link").first();
    await logo.focus();
    await page.clock.runFor(3_100);
    const popup = page.getByTestId("intro-popup");
    await expect(popup).toBeVisible();
    await expect(popup.getByRole("button", { name: "Zavřít" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(popup.getByRole("link")).toBeFocused();
    // Tab stays in the dialog.
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.closest("dialog")?.dataset.testid ?? null)).toBe(
      "intro-popup",
    );
    await page.keyboard.press("Escape");
    await expect(popup).toBeHidden();
    await expect(logo).toBeFocused();
    const cookie = (await context.cookies()).find((entry) => entry.name === "intro-popup");
    expect(cookie?.value).toBe("hidden");
  });

  test("the currency list opens, moves and chooses with the keyboard; Escape returns focus", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page.getByTestId("site-header")).toHaveAttribute("data-ready", "true");
    const switcher = page.getByTestId("currency-switcher-bar");
    const trigger = switcher.getByRole("button", { name: /Měna/ });
    await trigger.focus();
    await page.keyboard.press("Enter");
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await expect(trigger).toBeFocused();

    // Arrow Down opens the list on its first entry; the next one is EUR.
    await page.keyboard.press("ArrowDown");
    await expect(switcher.getByRole("button", { name: /CZK/ }).last()).toBeFocused();
    await page.keyboard.press("ArrowDown");
    const euro = switcher.getByRole("button", { name: /EUR/ });
    await expect(euro).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(trigger).toContainText("EUR");
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
  });
});
