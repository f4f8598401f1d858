/**
 * Writes app/critical-css.json: the keys of the stylesheet's rules that the first screens of the
 * pages in pages.ts use, in every window and as every kind of visitor, by the route that drew
 * each page (ADR 0114). Run against a
 * server of the current build with the demo data, then build again to inline the new list:
 *
 *   npm run build && PORT=3260 DATA_DIR=/tmp/critical-data npm start &
 *   node tests/critical-css/collect.ts --url http://localhost:3260 && npm run build
 *
 * tests/e2e/critical-css.spec.ts fails when a page's first screen uses a rule the list lacks.
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { listOf } from "../../scripts/critical-css/list.ts";
import type { StyleRule } from "../../scripts/critical-css/rules.ts";
import { CHROMIUM_LAUNCH } from "../browser-setup.ts";
import {
  becomeVisitor,
  firstPaintContexts,
  firstScreenKeys,
  GUEST_PAGES,
  linkedRules,
  NEW_VISITOR_PAGES,
  openAsFirstPaint,
  pageName,
  SIGNED_IN_PAGES,
  type Visitor,
  WINDOWS,
} from "./pages.ts";

const { values } = parseArgs({ options: { url: { type: "string", default: "http://localhost:3000" } } });
const baseURL = values.url as string;
const listFile = path.join(import.meta.dirname, "../../app/critical-css.json");

const browser = await chromium.launch(CHROMIUM_LAUNCH);
const byPage = new Map<string, Set<string>>();
let rules: StyleRule[] | null = null;
const visits: [Visitor, string[]][] = [
  ["guest", GUEST_PAGES],
  ["new", NEW_VISITOR_PAGES],
  ["signed-in", SIGNED_IN_PAGES],
];
try {
  for (const [visitor, pages] of visits)
    for (const viewport of WINDOWS)
      for (const options of firstPaintContexts(viewport)) {
        const context = await browser.newContext(options);
        await becomeVisitor(context, baseURL, visitor);
        const page = await context.newPage();
        for (const pathname of pages) {
          await openAsFirstPaint(page, new URL(pathname, baseURL).href);
          rules ??= await linkedRules(page);
          const keys = await firstScreenKeys(page, rules);
          const name = await pageName(page);
          if (!name) throw new Error(`${pathname}: no route named in the page`);
          const own = byPage.get(name) ?? new Set();
          for (const key of keys) own.add(key);
          byPage.set(name, own);
          const scripts = options.javaScriptEnabled ? "scripts" : "no scripts";
          console.log(`${visitor} ${viewport.width} ${scripts} ${pathname} (${name}): ${keys.length} rules`);
        }
        await context.close();
      }
} finally {
  await browser.close();
}
const list = listOf(
  (rules ?? []).map((rule) => rule.key),
  byPage,
);
fs.writeFileSync(listFile, `${JSON.stringify(list, null, 2)}\n`);
console.log(
  `${list.rules.length} of ${rules?.length ?? 0} rules are on a first screen of ${byPage.size} pages: ${path.relative(process.cwd(), listFile)}`,
);
