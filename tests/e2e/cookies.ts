import type { BrowserContext } from "@playwright/test";
import { expect } from "./fixtures.ts";

/** The context's cookies by name. */
export async function cookieMap(context: BrowserContext) {
  return Object.fromEntries((await context.cookies()).map((cookie) => [cookie.name, cookie]));
}

/** Asserts a cookie lives about `seconds` from now (two minutes of slack for the test's own run time). */
export function expectLifetime(cookie: { expires: number } | undefined, seconds: number) {
  expect(cookie).toBeDefined();
  const remaining = (cookie?.expires ?? 0) - Date.now() / 1000;
  expect(remaining).toBeGreaterThan(seconds - 120);
  expect(remaining).toBeLessThan(seconds + 120);
}
