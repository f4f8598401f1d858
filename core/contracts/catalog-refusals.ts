import { type Locale, type MessageKey, translate } from "../i18n/index.ts";
import type { Err, Ok } from "../result.ts";
import { translateProblems } from "../validation/field-errors.ts";
import type { FieldErrors, FieldProblems } from "./errors.ts";

/**
 * What a back-office change of the catalogue (categories, brands, packages, a listing's filing)
 * answers (codes, ADR 0068), and how both front doors say a failure: the back office's pages and
 * the admin API give the same words and statuses.
 */

/** Refused by what depends on the row (409). */
export type CatalogRefusalCode = "has_children" | "has_products" | "package_used";

export type CatalogFailure =
  | Err<"not_found">
  /** The fields' problems (a missing parent, a taken brand name...), in no language yet. */
  | Err<"invalid", FieldProblems>
  | Err<CatalogRefusalCode>;

export type CatalogOutcome<T> = Ok<T> | CatalogFailure;

const KEYS: Record<CatalogRefusalCode, MessageKey> = {
  has_children: "adminCatalog.errors.hasChildren",
  has_products: "adminCatalog.errors.hasProducts",
  package_used: "adminCatalog.errors.packageUsed",
};

/** A failure in the request's words: the message of a 404 or 409, the field errors of a 422. */
export function sayCatalogFailure(
  locale: Locale,
  failure: CatalogFailure,
): { status: 404 | 409; message: string } | { status: 422; errors: FieldErrors } {
  switch (failure.code) {
    case "not_found":
      return { status: 404, message: translate(locale, "adminCatalog.errors.notFound") };
    case "invalid":
      return { status: 422, errors: translateProblems(locale, failure.details) };
    default:
      return { status: 409, message: translate(locale, KEYS[failure.code]) };
  }
}
