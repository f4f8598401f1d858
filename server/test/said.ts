import type { FieldErrors, FieldProblems } from "#core/contracts/errors.ts";
import type { Locale } from "#core/i18n/index.ts";
import type { Result } from "#core/result.ts";
import { translateProblems } from "#core/validation/field-errors.ts";

export type Said = { status: string; errors: FieldErrors; details: unknown };

/**
 * A service's answer (ADR 0068) as the page would put it: `okAs` (a success's name in the test) or
 * the refusal's code, its field problems in the given language, so a test can still assert the
 * texts a user reads, and the refusal's other details.
 */
export function said(result: Result<unknown, string, unknown>, okAs = "ok", locale: Locale = "cs"): Said {
  if (result.ok) return { status: okAs, errors: {}, details: undefined };
  const problems = (result.details as { problems?: FieldProblems } | undefined)?.problems;
  return {
    status: result.code,
    errors: problems ? translateProblems(locale, problems) : {},
    details: result.details,
  };
}
