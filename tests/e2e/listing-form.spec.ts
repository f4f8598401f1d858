import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { photoLikeJpeg } from "#server/test/photo.ts";
import { answerConsent, expect, logIn, submitLogin, test } from "./fixtures.ts";

/**
 * The add-listing form in the two states a seller meets it in: before its scripts have run (a
 * slow phone) or with no scripts at all, and with photos uploading (several at once, each with its
 * progress). Issue 14, items 8 and 9.
 */

// A verified collector of the demo data that no other story sells with.
const SELLER = { email: "sberatel10@rarita.test", password: "demo-sberatel" };
const ADD = "/ucet/vase-aukce/pridat";
const SUBCATEGORY = "Rum › Latinská Amerika › Venezuela";

const jpeg = (shift: number) => photoLikeJpeg({ shift });

/** Fills what the category choice does not decide; the photos are the caller's. */
async function fillTheRest(form: Locator, name: string) {
  await form.getByTestId("field-package").selectOption({ label: "Láhev 0,7 l" });
  await form.getByTestId("field-name").fill(name);
  await form.getByTestId("field-description").fill("Původní balení, hladina do hrdla.");
  await form.getByTestId("field-price").fill("900");
}

/** Sends the form to the preview and the preview on: the listing is saved. */
async function save(page: Page, name: string) {
  await page.getByRole("button", { name: "Zobrazit náhled" }).click();
  await expect(page.getByTestId("listing-preview").getByTestId("preview-name")).toHaveText(name);
  await page.getByRole("button", { name: "Odeslat inzerát" }).click();
  await expect(page.getByTestId("listing-confirmation").getByRole("heading", { level: 1 })).toHaveText(
    "Inzerát byl přidán",
  );
}

test("a category chosen before the scripts run keeps its subcategories, and the listing is saved", async ({
  page,
}) => {
  test.slow(); // a listing saved through the preview
  await logIn(page, SELLER, ADD);
  // The page again, its scripts held back until the seller has chosen.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/*.js", async (route) => {
    await held;
    await route.continue();
  });
  await page.reload({ waitUntil: "commit" });
  const form = page.getByTestId("listing-form");
  const category = form.getByTestId("field-category");
  const subcategory = form.getByTestId("field-subcategory");
  await category.selectOption({ label: "Alkohol" });
  const chosen = await category.inputValue();
  // Still the server's page: no script has run.
  await expect(page.locator("[data-hydrated]")).toHaveCount(0);
  await expect(subcategory).toBeEnabled();

  release();
  await expect(form.locator("[data-hydrated]")).toHaveCount(1);
  // The choice survived hydration: the category and its subcategories, the select usable.
  await expect(category).toHaveValue(chosen);
  await expect(subcategory).toBeEnabled();
  await expect(subcategory.locator("option").first()).toHaveText("Vyberte…");
  await subcategory.selectOption({ label: SUBCATEGORY });

  const name = `Diplomático Reserva ${Date.now().toString(36)}`;
  await fillTheRest(form, name);
  await form
    .getByTestId("image-input")
    .setInputFiles([{ name: "etiketa.jpg", mimeType: "image/jpeg", buffer: await jpeg(0) }]);
  await expect(form.getByTestId("image-item")).toHaveCount(1);
  await save(page, name);
});

test("without scripts the subcategories are offered at once and the listing is saved", async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const context = await browser.newContext({ javaScriptEnabled: false });
  await answerConsent(context, baseURL!);
  const page = await context.newPage();
  try {
    await page.goto(`/ucet?redirect=${encodeURIComponent(ADD)}`);
    await submitLogin(page, SELLER);
    await expect(page).toHaveURL(ADD);
    const form = page.getByTestId("listing-form");
    await form.getByTestId("field-category").selectOption({ label: "Alkohol" });
    const subcategory = form.getByTestId("field-subcategory");
    await expect(subcategory).toBeEnabled();
    await subcategory.selectOption({ label: SUBCATEGORY });
    const name = `Diplomático Exclusiva ${Date.now().toString(36)}`;
    await fillTheRest(form, name);
    await form
      .getByTestId("image-input")
      .setInputFiles([{ name: "etiketa.jpg", mimeType: "image/jpeg", buffer: await jpeg(40) }]);
    await save(page, name);
  } finally {
    await context.close();
  }
});

test("three photos upload at once, each with its progress, and join the list in the order picked", async ({
  page,
}) => {
  await logIn(page, SELLER, ADD);
  const form = page.getByTestId("listing-form");
  await expect(form.locator("[data-hydrated]")).toHaveCount(1);

  // Every upload is held until the test lets it go, so the uploads in flight can be counted.
  const waiting = new Map<string, () => void>();
  const tokens = new Map<string, string>();
  let inFlight = 0;
  let most = 0;
  await page.route("**/api/me/advertisements/images*", async (route) => {
    const file = /filename="([^"]+)"/.exec(route.request().postDataBuffer()?.toString("latin1") ?? "")?.[1];
    inFlight += 1;
    most = Math.max(most, inFlight);
    await new Promise<void>((resolve) => waiting.set(file ?? "", resolve));
    const response = await route.fetch();
    const json = (await response.json()) as { data: { token: string } };
    tokens.set(file ?? "", json.data.token);
    inFlight -= 1;
    await route.fulfill({ response });
  });

  const names = ["predni.jpg", "zadni.jpg", "vicko.jpg"];
  await form
    .getByTestId("image-input")
    .setInputFiles(
      await Promise.all(
        names.map(async (name, index) => ({ name, mimeType: "image/jpeg", buffer: await jpeg(index * 60) })),
      ),
    );
  // All three on their way before any has been answered.
  await expect.poll(() => most).toBe(3);
  const bars = form.getByRole("progressbar");
  await expect(bars).toHaveCount(3);
  for (const [index, name] of names.entries()) {
    await expect(bars.nth(index)).toHaveAccessibleName(`Nahrávání fotografie ${name}`);
    await expect(bars.nth(index)).toHaveAttribute("aria-valuenow", /^\d+$/);
  }

  // Answered last first: the list still follows the order they were picked in.
  for (const name of [...names].reverse()) {
    await expect.poll(() => waiting.has(name)).toBe(true);
    waiting.get(name)!();
    await expect.poll(() => tokens.has(name)).toBe(true);
  }
  const items = form.getByTestId("image-item");
  await expect(items).toHaveCount(3);
  await expect(form.getByTestId("image-uploading")).toHaveCount(0);
  expect(await items.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-ref")))).toEqual(
    names.map((name) => tokens.get(name)),
  );
  await expect(items.first().locator("img")).toHaveJSProperty("complete", true);
});

test("on a slow link each photo's bar shows the part sent so far", async ({ page, context }) => {
  await logIn(page, SELLER, ADD);
  const form = page.getByTestId("listing-form");
  await expect(form.locator("[data-hydrated]")).toHaveCount(1);
  // 64 KB/s up: a photo of some 180 KB takes seconds, as on a weak mobile signal.
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 40,
    downloadThroughput: -1,
    uploadThroughput: 64 * 1024,
  });
  const width = 900;
  const height = 1200;
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = (x * 7) % 256;
      raw[i + 1] = (y * 3) % 256;
      raw[i + 2] = (x * y) % 256;
    }
  const buffer = await sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 60 })
    .toBuffer();
  expect(buffer.length).toBeGreaterThan(150 * 1024);
  await form
    .getByTestId("image-input")
    .setInputFiles([{ name: "etiketa.jpg", mimeType: "image/jpeg", buffer }]);
  const bar = form.getByRole("progressbar", { name: "Nahrávání fotografie etiketa.jpg" });
  // Part way: neither nothing nor all of it.
  await expect
    .poll(async () => Number(await bar.getAttribute("aria-valuenow").catch(() => null)))
    .toBeGreaterThan(10);
  expect(Number(await bar.getAttribute("aria-valuenow"))).toBeLessThan(100);
  await expect(form.getByTestId("image-item")).toHaveCount(1);
  await expect(bar).toHaveCount(0);
});
