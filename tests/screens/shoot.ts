import { answeredContext, launchScreensBrowser } from "./browser.ts";

/**
 * Screenshots of pages at the three widths the brief asks for (375, 768, 1280 px), for a person
 * to look at. Usage: node tests/screens/shoot.ts <baseUrl> <outDir> <name>=<path> ...
 * Consent and age are pre-answered so the page itself is visible.
 */
const [baseUrl, outDir, ...pages] = process.argv.slice(2);
const browser = await launchScreensBrowser();
for (const width of [375, 768, 1280]) {
  const context = await answeredContext(browser, baseUrl, width);
  const page = await context.newPage();
  for (const entry of pages) {
    // Only the first "=" separates the name, so paths may carry a query (?q=rum).
    const cut = entry.indexOf("=");
    const [name, path] = [entry.slice(0, cut), entry.slice(cut + 1)];
    await page.goto(new URL(path, baseUrl).href);
    await page.waitForLoadState("networkidle");
    // Lazy pictures below the fold load only when scrolled to: scroll through the page first.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      window.scrollTo(0, 0);
    });
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: `${outDir}/${name}-${width}.png`, fullPage: true });
  }
  await context.close();
}
await browser.close();
