import type { APIRequestContext } from "@playwright/test";
import { DEMO, expect, logIn, test } from "./fixtures.ts";
import { staffApiToken } from "./staff.ts";
import { photo, postWantedAd } from "./wanted-ad.ts";

/**
 * Selling, in the browser: a seller adds an auction with two photos (reordered by dragging),
 * checks the preview, submits, sees the confirmation, finds it in My listings, in search and on
 * its page, edits its description, and cancels another listing nobody has bid on.
 *
 * The insertion fee is switched off for the story (restored afterwards), so that the auction goes
 * live at once and can be found; a listing with a fee awaits payment (integration tests).
 */

// A verified collector of the demo data that no other story sells with.
const SELLER = { email: "sberatel7@rarita.test", password: "demo-sberatel" };

/** Sets the insertion fees through the admin API; returns the previous value. */
async function setFees(request: APIRequestContext, change: (fees: Record<string, unknown>) => unknown) {
  const settings = (await (await request.get("/api/settings?lang=cs")).json()) as {
    name: string;
    value: unknown;
  }[];
  const previous = settings.find((entry) => entry.name === "fees")!.value as Record<string, unknown>;
  // The admin API answers staff who passed the second factor (docs/product/back-office.md, "Signing in").
  const token = await staffApiToken(request, DEMO.admin.email);
  const saved = await request.put("/api/admin/settings/fees", {
    headers: { Authorization: `Bearer ${token}` },
    data: { value: change(previous) },
  });
  expect(saved.status()).toBe(200);
  return previous;
}

test("a seller lists an auction with two photos, finds it, edits it and cancels another listing", async ({
  page,
  request,
}) => {
  test.slow(); // a long story with uploads and several pages
  const previous = await setFees(request, (fees) => ({
    ...fees,
    insertionMinor: { auction: { week: 0, month: 0 }, classified: 0, demand: 0 },
  }));
  try {
    const token = `Rx${Date.now().toString(36)}`;
    const name = `Diplomático Ambassadeur ${token}`;
    await logIn(page, SELLER, "/ucet/vase-aukce/pridat");
    const form = page.getByTestId("listing-form");
    await expect(form).toBeVisible();
    // The photo input uploads through the form's scripts: files picked before hydration are lost.
    await expect(form.locator("[data-hydrated]")).toHaveCount(1);

    await form.getByTestId("field-category").selectOption({ label: "Alkohol" });
    await form.getByTestId("field-subcategory").selectOption({ label: "Rum › Latinská Amerika › Venezuela" });
    // Typed without the accent and in capitals: it is the existing brand.
    await form.getByTestId("field-brand").fill("DIPLOMATICO");
    await form.getByTestId("field-package").selectOption({ label: "Láhev 0,7 l" });
    await form.getByTestId("field-name").fill(name);
    await form.getByTestId("field-description").fill("Původní balení z roku 2012.\n\nHladina do hrdla.");
    await form.getByTestId("field-price").fill("1 500");

    await form.getByTestId("image-input").setInputFiles([
      { name: "front.png", mimeType: "image/png", buffer: await photo("#8b1e3f") },
      { name: "back.png", mimeType: "image/png", buffer: await photo("#1f4f55") },
    ]);
    const items = form.getByTestId("image-item");
    await expect(items).toHaveCount(2);
    const [first, second] = await items.evaluateAll((nodes) =>
      nodes.map((node) => node.getAttribute("data-ref")!),
    );
    // The back label first: dragged in front of the other.
    await items.nth(1).dragTo(items.nth(0));
    await expect(items.nth(0)).toHaveAttribute("data-ref", second);
    await expect(items.nth(1)).toHaveAttribute("data-ref", first);
    await expect(items.nth(0)).toContainText("Hlavní");

    await page.getByRole("button", { name: "Zobrazit náhled" }).click();
    const preview = page.getByTestId("listing-preview");
    await expect(preview.getByTestId("preview-name")).toHaveText(name);
    // The gallery opens on the photo dragged to the front.
    await expect(preview.locator("img").first()).toHaveAttribute("src", new RegExp(second.slice(4)));
    await expect(preview).toContainText("Diplomático");
    await expect(preview).not.toContainText("nová značka");
    await expect(preview.getByTestId("preview-kind")).toContainText("7denní aukce");
    await expect(preview.getByTestId("preview-price")).toContainText("1 500,00 Kč");
    await expect(page.getByTestId("fee-total")).toHaveText("Zdarma");
    await page.getByRole("button", { name: "Odeslat inzerát" }).click();

    const confirmation = page.getByTestId("listing-confirmation");
    await expect(confirmation.getByRole("heading", { level: 1 })).toHaveText("Inzerát byl přidán");
    await expect(confirmation.getByTestId("listing-status")).toHaveText("Aktivní");
    await expect(confirmation.getByTestId("confirmation-next")).toContainText("Aukce skončí");

    // My listings: live, no bids yet.
    await confirmation.getByRole("link", { name: "Vaše aukce" }).click();
    const row = page.getByTestId("my-listing").filter({ hasText: name });
    await expect(row.getByTestId("listing-status")).toHaveText("Aktivní");
    await expect(row.getByTestId("my-listing-bids")).toContainText("0");

    // Search finds it; its page shows the photo moved to the front first.
    await page.goto(`/hledani?q=${token}`);
    await page.getByRole("link", { name }).first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    const listingUrl = page.url();
    await expect(page.getByTestId("product-description")).toContainText("Původní balení z roku 2012.");

    // Editing the description.
    await page.goto("/ucet/vase-aukce");
    await page.getByTestId("my-listing").filter({ hasText: name }).getByTestId("my-listing-edit").click();
    const edit = page.getByTestId("listing-form");
    await edit
      .getByTestId("field-description")
      .fill("Původní balení z roku 2012.\n\nDoplněno: bez poškození etikety.");
    await page.getByRole("button", { name: "Uložit změny" }).click();
    await expect(page.getByTestId("saved-message")).toHaveText(/Změny byly uloženy\./);
    await page.goto(listingUrl);
    await expect(page.getByTestId("product-description")).toContainText("Doplněno: bez poškození etikety.");

    // Another listing, added through the API with the same session: a wanted ad, cancelled here.
    const wantedName = `Hledám Caroni 1996 ${token}`;
    await postWantedAd(page.request, {
      name: wantedName,
      description: "Koupím láhev Caroni z roku 1996, ideálně v původní tubě.",
    });

    await page.goto("/ucet/vase-aukce");
    const wanted = page.getByTestId("my-listing").filter({ hasText: wantedName });
    await wanted.getByTestId("my-listing-cancel").click();
    await wanted.getByTestId("my-listing-cancel-confirm").click();
    await expect(page.getByTestId("my-listings-message")).toHaveText(`Inzerát „${wantedName}“ byl zrušen.`);
    await expect(
      page.getByTestId("my-listing").filter({ hasText: wantedName }).getByTestId("listing-status"),
    ).toHaveText("Zrušeno");
    // The auction stays live.
    await expect(
      page.getByTestId("my-listing").filter({ hasText: name }).getByTestId("listing-status"),
    ).toHaveText("Aktivní");
  } finally {
    await setFees(request, () => previous);
  }
});
