import fs from "node:fs";
import path from "node:path";
import { parseSync } from "@swc/core";
import { describe, expect, it } from "vitest";

/**
 * Services answer in codes, never in translated text (ADR 0068, docs/architecture.md "Results"):
 * a service returns `ok(value)` or `err(code, details)` from core/result.ts, and the page or the
 * API handler that asked turns the code into the words and the HTTP status. This test reads every
 * non-test file under server/modules and fails on a call of a translating function outside the
 * edges: a module's `api/` folder (or `api.ts`), and the templates that put mails and notices
 * into words.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const MODULES = path.join(ROOT, "server/modules");

/** The functions that turn keys into the request's words. */
const TRANSLATING = new Set([
  "translate",
  "translateProblem",
  "translateProblems",
  "translateJoined",
  "issuesToFieldErrors",
  "issueMessages",
]);

/**
 * The edges, which translate by design: the HTTP handlers and the templates of what leaves the
 * site in words: mails, notices, and the texts an order carries (`payment-text.ts`, `line-text.ts`:
 * its lines on the tax document, its bank transfer's message, the card gateway's description).
 */
function isEdge(relative: string): boolean {
  return (
    /(^|\/)api(\/|\.ts$)/.test(relative) ||
    relative.startsWith("mail/") ||
    /(^|\/|-)mails?\.ts$/.test(relative) ||
    /(^|\/)(notifier|notice-text|payment-text|line-text)\.ts$/.test(relative)
  );
}

/**
 * Modules that still translate, until they answer in codes: none left (listings was the last,
 * converted in issue 34 after its split was planned). Both lists may only shrink.
 */
const MODULES_NOT_YET_CONVERTED = new Set<string>();

/**
 * Files of converted modules that still translate for one of those modules' ports: none left
 * (media/uploads.ts and users/checkout-account.ts answer in problems since the listings' photos
 * and the shop's account port translate them).
 */
const FILES_NOT_YET_CONVERTED = new Set<string>();

const notYetConverted = (relative: string) =>
  MODULES_NOT_YET_CONVERTED.has(relative.split("/")[0]) || FILES_NOT_YET_CONVERTED.has(relative);

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|test-fixtures\.ts$/.test(entry.name) ? [full] : [];
  });
}

type Node = { type: string; [key: string]: unknown };

/** The translating functions a file calls, by name. */
function translatingCalls(file: string): string[] {
  const source = fs.readFileSync(file, "utf8");
  const found = new Set<string>();
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== "object" || node === null) return;
    const current = node as Node;
    if (current.type === "CallExpression") {
      const callee = current.callee as Node;
      if (callee.type === "Identifier" && TRANSLATING.has(callee.value as string))
        found.add(callee.value as string);
    }
    for (const value of Object.values(current)) if (typeof value === "object") visit(value);
  };
  visit(parseSync(source, { syntax: "typescript", tsx: file.endsWith(".tsx") }));
  return [...found];
}

describe("services without texts", () => {
  const translating = sources(MODULES)
    .map((file) => path.relative(MODULES, file).split(path.sep).join("/"))
    .filter((relative) => !isEdge(relative))
    .filter((relative) => translatingCalls(path.join(MODULES, relative)).length > 0);

  it("translate only in API handlers and mail or notice templates", () => {
    const unexpected = translating.filter((relative) => !notYetConverted(relative));
    expect(unexpected, "answer with a code (core/result.ts) and translate at the edge").toEqual([]);
  });

  it("keeps the list of files not yet converted true, so it can only shrink", () => {
    const modules = [...MODULES_NOT_YET_CONVERTED].filter((module) =>
      fs.existsSync(path.join(MODULES, module)),
    );
    const convertedModules = modules.filter(
      (module) => !translating.some((file) => file.startsWith(`${module}/`)),
    );
    const convertedFiles = [...FILES_NOT_YET_CONVERTED].filter((relative) => !translating.includes(relative));
    expect(
      [...convertedModules, ...convertedFiles],
      "converted: take them off the lists of what is not yet converted",
    ).toEqual([]);
  });

  it("finds a translation in a service and leaves the edges alone", () => {
    expect(isEdge("users/api/account.ts")).toBe(true);
    expect(isEdge("moderation/mails.ts")).toBe(true);
    expect(isEdge("messages/notice-mail.ts")).toBe(true);
    expect(isEdge("messages/notice-text.ts")).toBe(true);
    expect(isEdge("payments/payment-text.ts")).toBe(true);
    expect(isEdge("orders/shop/line-text.ts")).toBe(true);
    expect(isEdge("credentials/registration.ts")).toBe(false);
    expect(isEdge("reviews/api-keys.ts")).toBe(false);
    expect(isEdge("catalog/search-text.ts")).toBe(false);
  });
});
