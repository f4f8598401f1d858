import { z } from "zod";
import { icoProblem, isValidTaxId, normalizeIco, normalizeTaxId } from "../formats/ico.ts";
import { isValidZip, normalizeZip } from "../formats/postal-code.ts";

/**
 * The addresses of the account's own data (the invoice and contact details page, /api/me/*): one
 * schema for the page's form and the API. Messages are i18n keys (see issuesToFieldErrors); checks
 * that need the database (a known country, the caller's own row) are the service's.
 */

/** A ticked HTML checkbox sends "on"; API clients send a boolean. */
const checkbox = z.preprocess((v) => v === "on" || v === true || v === "true" || v === "1", z.boolean());
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v ?? "");

const REQUIRED_ADDRESS_FIELDS = ["name", "street", "city", "zip", "countryCode"] as const;

/**
 * A contact, invoice or delivery address. For a company (isCompany) the company name and its ID
 * are required: a Czech IČO must pass its check digit, a Slovak one has 8 digits too; the DIČ is
 * optional but must fit the country when given. Company fields of a private person are dropped.
 * `id` lets a client name the row it edits; it must be the caller's own address of that kind.
 *
 * Every field is read leniently first and checked in one refinement, so that one submit reports
 * every problem (a missing street and a wrong IČO together), not the missing fields alone.
 */
export const AddressSchema = z
  .object({
    id: z.number().int().positive().max(2_147_483_647).optional(),
    name: optionalText(200),
    street: optionalText(200),
    city: optionalText(100),
    zip: optionalText(20),
    countryCode: optionalText(2).transform((v) => v.toUpperCase()),
    isCompany: checkbox.default(false),
    company: optionalText(200),
    companyId: optionalText(20).transform(normalizeIco),
    taxId: optionalText(20).transform(normalizeTaxId),
  })
  .superRefine((address, ctx) => {
    for (const field of REQUIRED_ADDRESS_FIELDS) {
      if (!address[field]) ctx.addIssue({ code: "custom", path: [field], message: "validation.required" });
    }
    const country = address.countryCode;
    if (country && !/^[A-Z]{2}$/.test(country)) {
      ctx.addIssue({ code: "custom", path: ["countryCode"], message: "accountData.errors.countryUnknown" });
    }
    if (address.zip && !isValidZip(address.zip, country)) {
      const czsk = country === "CZ" || country === "SK";
      ctx.addIssue({
        code: "custom",
        path: ["zip"],
        message: czsk ? "accountData.errors.zipCzSk" : "accountData.errors.zip",
      });
    }
    if (!address.isCompany) return;
    if (!address.company) ctx.addIssue({ code: "custom", path: ["company"], message: "validation.required" });
    if (!address.companyId) {
      ctx.addIssue({ code: "custom", path: ["companyId"], message: "validation.required" });
    } else if (country === "CZ" || country === "SK") {
      const problem = icoProblem(address.companyId);
      // Slovak IČOs share the Czech length; their check digit is not confirmed, so only that is checked.
      if (problem === "format" || (problem === "checksum" && country === "CZ")) {
        ctx.addIssue({
          code: "custom",
          path: ["companyId"],
          message: problem === "format" ? "accountData.errors.icoFormat" : "accountData.errors.icoChecksum",
        });
      }
    } else if (!/^[0-9A-Z/]{2,20}$/i.test(address.companyId)) {
      ctx.addIssue({ code: "custom", path: ["companyId"], message: "accountData.errors.companyIdForeign" });
    }
    if (address.taxId && !isValidTaxId(address.taxId, country)) {
      const key =
        country === "CZ"
          ? "accountData.errors.taxIdCz"
          : country === "SK"
            ? "accountData.errors.taxIdSk"
            : "accountData.errors.taxId";
      ctx.addIssue({ code: "custom", path: ["taxId"], message: key });
    }
  })
  .transform((address) => ({
    id: address.id,
    name: address.name,
    street: address.street,
    city: address.city,
    zip: normalizeZip(address.zip, address.countryCode),
    countryCode: address.countryCode,
    company: address.isCompany ? address.company : null,
    companyId: address.isCompany ? address.companyId : null,
    taxId: address.isCompany && address.taxId ? address.taxId : null,
  }));
export type AddressInput = z.infer<typeof AddressSchema>;
