import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

/**
 * The age check in the browser (issue 36): a page that needs it links to `/overeni-veku`, where a
 * way of proving one's age is chosen and its provider's simulator answers as a test person. One
 * entry per way, so a spec runs the same story for each (the EU wallet adds itself here).
 */

/** The test persons every way of proving offers: an adult, a 17-year-old, and a refusal. */
export type AgePerson = "adult" | "minor" | "cancel";

export type AgeMethod = {
  /** The button's test id on the age-check page. */
  key: "bank_id" | "eu_wallet";
  /** What the account shows for it ("18+ ověřeno · <label> · <date>"). */
  label: string;
  /** On the age-check page: chooses the way and answers as the person, at the provider. */
  prove(page: Page, person: AgePerson): Promise<void>;
};

/** The bank identity simulator's login page (server/adapters/bank-identity/simulator). */
const BANK_PERSONS: Record<Exclude<AgePerson, "cancel">, string> = {
  adult: "Jana Dospělá",
  minor: "Tomáš Mladý",
};

export const BANK_IDENTITY: AgeMethod = {
  key: "bank_id",
  label: "bankovní identita",
  async prove(page, person) {
    await page.getByTestId("age-check-bank_id").click();
    await expect(page.getByRole("heading", { name: "Přihlášení bankovní identitou" })).toBeVisible();
    if (person === "cancel") await page.getByRole("button", { name: "Zrušit" }).click();
    else await page.getByRole("button", { name: BANK_PERSONS[person] }).click();
  },
};

/** The test wallet's page (server/adapters/age-wallet/simulator): which attestation to present. */
const WALLET_CHOICES: Record<Exclude<AgePerson, "cancel">, RegExp> = {
  adult: /je mi 18 let nebo více/,
  minor: /je mi méně než 18 let/,
};

export const EU_WALLET: AgeMethod = {
  key: "eu_wallet",
  label: "evropský doklad o věku",
  async prove(page, person) {
    await page.getByTestId("age-check-eu_wallet").click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Žádost o ověření věku");
    if (person === "cancel") await page.getByRole("button", { name: /Odmítnout/ }).click();
    else {
      await page.getByRole("radio", { name: WALLET_CHOICES[person] }).check();
      await page.getByRole("button", { name: /Předložit/ }).click();
    }
  },
};

/** Every way of proving the e2e server offers. */
export const AGE_METHODS: AgeMethod[] = [BANK_IDENTITY, EU_WALLET];

/**
 * On the checkout's review: when the order holds alcohol or tobacco and the buyer has not proved
 * their age, proves it as the adult (for this order) and comes back to the review. Nothing when
 * the review does not ask (a verified account, an accessory).
 */
export async function proveAgeIfAsked(page: Page, method: AgeMethod = BANK_IDENTITY) {
  // The review's form and its notice come with the same data: once the form shows, the notice
  // is there if the order needs it (the URL changes before the page has rendered).
  await expect(page.getByTestId("review-form")).toBeVisible();
  const notice = page.getByTestId("age-check-notice");
  if ((await notice.count()) === 0) return;
  await notice.getByTestId("age-check-link").click();
  await expect(page).toHaveURL(/\/overeni-veku\?/);
  await method.prove(page, "adult");
  await expect(page).toHaveURL(/\/kosik\/rekapitulace$/);
  await expect(page.getByTestId("age-check-notice")).toHaveCount(0);
}
