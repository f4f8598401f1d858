/**
 * Screenshots of the forms of issue 14 (items 8, 9 and 13) at 375, 768 and 1280 px (not part of
 * the test suite): the add-listing form with a category chosen and three photos uploading (their
 * answers held back so the progress shows), then uploaded; and the invoice and contact page of a
 * company at its contact address ("same" and "invoice a company" both ticked). Run against a
 * running server with the demo data:
 *
 *   SCREENS_URL=http://localhost:3550 node tests/screens/forms.screens.ts
 *
 * PNGs go to /tmp/screens/forms-<width>-<state>.png.
 */
import fs from "node:fs";
import sharp from "sharp";
import { answeredContext, launchScreensBrowser, logIn } from "./browser.ts";

const BASE = process.env.SCREENS_URL ?? "http://localhost:3550";
const OUT = "/tmp/screens";
const SELLER = { email: "sberatel10@rarita.test", password: "demo-sberatel" };
const COLLECTOR = { email: "sberatel5@rarita.test", password: "demo-sberatel" };

/** A label-like picture with texture, some 100 KB: big enough to watch it go up a slow link. */
async function jpeg(shift: number) {
  const width = 900;
  const height = 1200;
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = (x * 7 + shift) % 256;
      raw[i + 1] = (y * 3 + shift) % 256;
      raw[i + 2] = (x * y + shift) % 256;
    }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 60 })
    .toBuffer();
}

fs.mkdirSync(OUT, { recursive: true });
const browser = await launchScreensBrowser();
try {
  for (const width of [375, 768, 1280]) {
    const context = await answeredContext(browser, BASE, width);
    const page = await context.newPage();
    await logIn(page, BASE, SELLER, "/ucet/vase-aukce/pridat");
    const form = page.getByTestId("listing-form");
    await form.locator("[data-hydrated]").waitFor();
    await form.getByTestId("field-category").selectOption({ label: "Alkohol" });
    await form.getByTestId("field-subcategory").selectOption({ label: "Rum › Latinská Amerika › Venezuela" });
    // A slow upload link (64 KB/s): the bars show the bytes sent part way.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 40,
      downloadThroughput: -1,
      uploadThroughput: 64 * 1024,
    });
    await form.getByTestId("image-input").setInputFiles([
      { name: "predni-etiketa.jpg", mimeType: "image/jpeg", buffer: await jpeg(0) },
      { name: "zadni-etiketa.jpg", mimeType: "image/jpeg", buffer: await jpeg(90) },
      { name: "vicko.jpg", mimeType: "image/jpeg", buffer: await jpeg(180) },
    ]);
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[role="progressbar"][data-testid="image-progress"]')].some((bar) => {
        const now = Number(bar.getAttribute("aria-valuenow"));
        return now >= 20 && now < 100;
      }),
    );
    const images = page.getByTestId("form-section-images");
    await images.scrollIntoViewIfNeeded();
    await images.screenshot({ path: `${OUT}/forms-${width}-uploading.png` });
    await page.screenshot({ path: `${OUT}/forms-${width}-listing.png` });
    await page.waitForFunction(() => {
      const thumbnails = [...document.querySelectorAll<HTMLImageElement>('[data-testid="image-item"] img')];
      return thumbnails.length === 3 && thumbnails.every((image) => image.complete && image.naturalWidth > 0);
    });
    await page.waitForLoadState("networkidle");
    await images.screenshot({ path: `${OUT}/forms-${width}-uploaded.png` });
    await context.close();

    const second = await answeredContext(browser, BASE, width);
    const account = await second.newPage();
    await logIn(account, BASE, COLLECTOR, "/ucet/fakturacni-a-kontaktni-udaje");
    const addresses = account.getByTestId("addresses-form");
    await addresses.getByLabel("Fakturovat na firmu").check();
    await addresses.getByLabel("Název firmy").fill("Konak Klub s.r.o.");
    await addresses.getByLabel("IČO").fill("25596641");
    await addresses.getByLabel("DIČ").fill("CZ25596641");
    // The whole page: an element taller than the window would have the sticky header across it.
    await account.screenshot({ path: `${OUT}/forms-${width}-company-same-address.png`, fullPage: true });
    await second.close();
  }
} finally {
  await browser.close();
}
