/**
 * Screenshots of a message thread with an answer in it (its report button once broke hydration)
 * for the demo buyer and seller at 375, 768 and 1280 px (not part of the test suite), with every
 * console error and failed request of the visit printed. Run against a running server with the
 * demo data:
 *
 *   SCREENS_URL=http://localhost:3450 node tests/screens/console.screens.ts [widths...]
 *
 * PNGs go to /tmp/screens/console-thread-<who>-<width>.png.
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { launchScreensBrowser, signedIn } from "./browser.ts";

const BASE = process.env.SCREENS_URL ?? "http://localhost:3450";
const OUT = "/tmp/screens";
const widths = process.argv.slice(2).map(Number).filter(Boolean);
const ACCOUNTS = {
  buyer: { email: "kupec@rarita.test", password: "demo-kupec" },
  seller: { email: "prodejce@rarita.test", password: "demo-prodejce" },
};

/** The first thread of the inbox with a message from the other side. */
async function threadWithAnswer(page: Page): Promise<string> {
  const html = await (await page.request.get(`${BASE}/ucet/zpravy`)).text();
  const threads = new Set([...html.matchAll(/href="(\/ucet\/zpravy\/\d+)/g)].map((match) => match[1]));
  for (const thread of threads) {
    const view = await (await page.request.get(`${BASE}${thread}`)).text();
    if (view.includes('data-testid="message-report"')) return thread;
  }
  throw new Error("no thread with an answer");
}

fs.mkdirSync(OUT, { recursive: true });
const browser = await launchScreensBrowser();
try {
  for (const width of widths.length ? widths : [375, 768, 1280]) {
    for (const [who, account] of Object.entries(ACCOUNTS)) {
      const { page } = await signedIn(browser, BASE, width, account);
      const thread = await threadWithAnswer(page);
      const problems: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") problems.push(message.text());
      });
      page.on("pageerror", (error) => problems.push(error.message));
      page.on("response", (response) => {
        if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
      });
      await page.goto(`${BASE}${thread}`);
      await page.getByTestId("thread-view").waitFor();
      await page.waitForLoadState("networkidle");
      await page.screenshot({ path: `${OUT}/console-thread-${who}-${width}.png`, fullPage: true });
      console.log(`${who} ${width} ${thread}: ${problems.length ? problems.join(" | ") : "console clean"}`);
      await page.context().close();
    }
  }
} finally {
  await browser.close();
}
