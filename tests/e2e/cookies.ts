import type { BrowserContext } from "@playwright/test";
import { expect } from "./fixtures.ts";

/** The context's cookies by name. */
export async function cookieMap(context: BrowserContext) {
  return Object.fromEntries((await context.cookies()).map((cookie) => [cookie.name, cookie]));
}

/**
 * The context's cookies by name once each of `names` is there. A cookie the page writes with
 * document.cookie reaches the browser's cookie store a moment after the page has moved on (a dialog
 * already closed), so a read right after the click can miss it.
 */
export async function storedCookies(context: BrowserContext, ...names: string[]) {
  await expect
    .poll(
      async () => {
        const cookies = await cookieMap(context);
        return names.filter((name) => !(name in cookies));
      },
      { message: `the cookies ${names.join(", ")} are stored` },
    )
    .toEqual([]);
  return cookieMap(context);
}

/** Asserts a cookie lives about `seconds` from now (two minutes of slack for the test's own run time). */
export function expectLifetime(cookie: { expires: number } | undefined, seconds: number) {
  expect(cookie).toBeDefined();
  const remaining = (cookie?.expires ?? 0) - Date.now() / 1000;
  expect(remaining).toBeGreaterThan(seconds - 120);
  expect(remaining).toBeLessThan(seconds + 120);
}
