import { type BrowserContext, test as base, expect } from "@playwright/test";

/** The demo accounts the seed creates (server/db/seed/users-data.ts). */
export const DEMO = {
  buyer: { email: "kupec@rarita.test", password: "demo-kupec" },
  seller: { email: "prodejce@rarita.test", password: "demo-prodejce" },
  admin: { email: "admin@rarita.test", password: "demo-spravce" },
};

/**
 * Consent and age were already answered and the popups dismissed: pages open without the cookie
 * bar, the age dialog, the intro popup or the promo banner in the way. Tests of those dialogs use the plain `@playwright/test` instead.
 */
export async function answerConsent(context: BrowserContext, baseURL: string) {
  const url = new URL(baseURL);
  await context.addCookies(
    [
      "cookies-show:hidden",
      "accept-technical:true",
      "age-confirmed:1",
      "intro-popup:hidden",
      "top-banner:hidden",
    ].map((pair) => {
      const [name, value] = pair.split(":");
      return { name, value, domain: url.hostname, path: "/" };
    }),
  );
}

export const test = base.extend({
  context: async ({ context, baseURL }, use) => {
    await answerConsent(context, baseURL!);
    await use(context);
  },
});

export { expect };
