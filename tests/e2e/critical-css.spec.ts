import fs from "node:fs";
import { test as base, expect } from "@playwright/test";
import { type CriticalList, keysOf } from "../../scripts/critical-css/list.ts";
import { firstScreenLook } from "../critical-css/first-screen.ts";
import {
  becomeVisitor,
  firstPaintContexts,
  firstScreenKeys,
  linkedRules,
  openAsFirstPaint,
  pageName,
  type Visitor,
} from "../critical-css/pages.ts";

/**
 * The page carries the first screen's rules inline and links the whole sheet at the end of its
 * body (ADR 0114): the first paint, before the sheet has arrived, must look as it will once it
 * has. Each page is opened as a browser first paints it (with scripts and without), its first
 * screen read with the whole sheet and again with the whole sheet switched off.
 */
const CASES: [Visitor, string][] = [
  ["guest", "/"],
  ["guest", "/3/whisky"],
  ["guest", "/82/campbeltown/springbank-12-let-cask-strength-batch-22-56-2"],
  ["guest", "/hledani?q=whisy"],
  ["guest", "/mesicni-aukce"],
  ["guest", "/lahve/29-lagavulin-16-let-43"],
  ["guest", "/vysledky"],
  ["new", "/"],
  ["signed-in", "/ucet/prehled"],
];

const WINDOWS = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
];

const committed: CriticalList = JSON.parse(
  fs.readFileSync(new URL("../../app/critical-css.json", import.meta.url), "utf8"),
);

const test = base;

// One test per page and window (two first paints each, with and without scripts): under a busy
// CI machine the four of a page together went over the test timeout.
for (const [visitor, path] of CASES)
  for (const viewport of WINDOWS)
    test(`the first screen of ${path} (${visitor}) at ${viewport.width} px looks the same before the whole stylesheet arrives`, async ({
      browser,
      baseURL,
    }) => {
      for (const options of firstPaintContexts(viewport)) {
        const where = `${path} at ${viewport.width} px ${options.javaScriptEnabled ? "with" : "without"} scripts`;
        const context = await browser.newContext(options);
        await becomeVisitor(context, baseURL!, visitor);
        const page = await context.newPage();
        await openAsFirstPaint(page, new URL(path, baseURL).href);

        // The part of the route that drew the page (every page's for one not measured).
        const own = keysOf(committed, await pageName(page));
        const missing = (await firstScreenKeys(page, await linkedRules(page))).filter((key) => !own.has(key));
        expect(
          missing,
          `${where}: rules of the first screen missing from app/critical-css.json (tests/critical-css/collect.ts writes it)`,
        ).toEqual([]);

        const styled = await page.evaluate(firstScreenLook);
        await page.evaluate(() => {
          for (const sheet of document.styleSheets) if (sheet.href) sheet.disabled = true;
        });
        const firstPaint = await page.evaluate(firstScreenLook);
        expect(firstPaint, `${where}: the first screen with the inline rules alone`).toEqual(styled);
        await context.close();
      }
    });
