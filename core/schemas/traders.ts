import { z } from "zod";
import { TRADER_FIELDS } from "../contracts/traders.ts";
import { czechAccountToIban, normalizeIban } from "../formats/iban.ts";
import { icoProblem, normalizeIco } from "../formats/ico.ts";
import { isValidZip, normalizeZip } from "../formats/postal-code.ts";

/**
 * The seller's declaration (issue 36, item 2; docs/product/trust.md, "Private seller or trader"):
 * one schema for the account page's form. `intent` says what the button asked: declare a private
 * person, save a trader's data, or load the name and address from ARES by the IČO (only the IČO is
 * checked then). Messages are i18n keys; the ARES check itself is the traders module's.
 */

export const SELLER_INTENTS = ["private", "trader", "ares"] as const;

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v ?? "");
/** A ticked HTML checkbox sends "on"; API clients send a boolean. */
const checkbox = z.preprocess((v) => v === "on" || v === true || v === "true" || v === "1", z.boolean());

/** A payment account as an IBAN: an IBAN with valid check digits, or a Czech account number (ČNB's mod 11). */
export function paymentAccountIban(value: string): string | null {
  return normalizeIban(value) ?? czechAccountToIban(value);
}

/** A phone number as people type it: an optional +, then 9 to 15 digits with spaces. */
const PHONE = /^\+?[0-9 ]{9,20}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const SellerDeclarationFormSchema = z
  .object({
    intent: z.enum(SELLER_INTENTS),
    name: text(200),
    street: text(200),
    city: text(100),
    zip: text(10),
    phone: text(20),
    email: text(254),
    registerName: text(200),
    registerNumber: text(60),
    ico: text(20).transform(normalizeIco),
    paymentAccount: text(50),
    selfCertification: checkbox.default(false),
  })
  .superRefine((form, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (form.intent === "private") return;
    const ico = icoProblem(form.ico);
    if (!form.ico) issue("ico", "validation.required");
    else if (ico) issue("ico", ico === "format" ? "traders.errors.icoFormat" : "traders.errors.icoChecksum");
    if (form.intent === "ares") return;
    for (const field of TRADER_FIELDS)
      if (field !== "ico" && !form[field]) issue(field, "validation.required");
    if (form.zip && !isValidZip(form.zip, "CZ")) issue("zip", "accountData.errors.zipCzSk");
    if (form.phone && !PHONE.test(form.phone)) issue("phone", "traders.errors.phone");
    if (form.email && !EMAIL.test(form.email)) issue("email", "traders.errors.email");
    if (form.paymentAccount && !paymentAccountIban(form.paymentAccount))
      issue("paymentAccount", "traders.errors.paymentAccount");
    if (!form.selfCertification) issue("selfCertification", "traders.errors.selfCertification");
  });

export type SellerDeclarationForm = z.infer<typeof SellerDeclarationFormSchema>;

/** The trader's data of a checked form, normalised as they are stored. */
export function traderDataOf(form: SellerDeclarationForm) {
  return {
    name: form.name,
    street: form.street,
    city: form.city,
    zip: normalizeZip(form.zip, "CZ"),
    phone: form.phone.replace(/\s+/g, " "),
    email: form.email.toLowerCase(),
    registerName: form.registerName,
    registerNumber: form.registerNumber,
    ico: form.ico,
    paymentAccount: paymentAccountIban(form.paymentAccount) ?? form.paymentAccount,
  };
}

/** The back office's suspension: the statement of reasons the seller receives (DSA Art 17). */
export const TraderSuspensionSchema = z.object({
  userId: z.coerce.number().int().positive().max(2_147_483_647),
  intent: z.enum(["suspend", "reinstate", "recheck"]),
  reasons: text(4000),
});
