import type { z } from "zod";
import type { FieldErrors } from "../contracts/errors.ts";
import { isMessageKey, type Locale, translate } from "../i18n/index.ts";

/**
 * Turns zod issues into the `{ field: [messages] }` map, in the request's language
 * (docs/product/calls-and-errors.md, "Validation messages").
 * Messages come from the issue code, not from zod's English texts, so every schema speaks Czech
 * by default; a schema may also carry an i18n key as its custom message.
 */
export function issuesToFieldErrors(issues: readonly z.core.$ZodIssue[], locale: Locale): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    if (issue.code === "unrecognized_keys") {
      // One entry per unexpected key, under its own name, so a form can point at it.
      for (const key of issue.keys) {
        errors[[...issue.path.map(String), key].join(".")] = [translate(locale, "validation.unknownField")];
      }
      continue;
    }
    const field = issue.path.length > 0 ? issue.path.map(String).join(".") : "_";
    const message = issueMessage(issue, locale);
    const list = errors[field] ?? [];
    if (!list.includes(message)) list.push(message);
    errors[field] = list;
  }
  return errors;
}

/**
 * The messages of one field's issues, translated and without repeats: what the form library
 * (Conform, app/components/forms/conform.ts) shows under the field.
 */
export function issueMessages(issues: readonly z.core.$ZodIssue[], locale: Locale): string[] {
  return [...new Set(issues.map((issue) => issueMessage(issue, locale)))];
}

function issueMessage(issue: z.core.$ZodIssue, locale: Locale): string {
  if (issue.message && isMessageKey(issue.message)) return translate(locale, issue.message);
  switch (issue.code) {
    case "invalid_type": {
      // zod 4 leaves `input` off issues unless asked, but its message names what it received.
      const missing = /received (undefined|null)$/.test(issue.message);
      return translate(locale, missing ? "validation.required" : "validation.type");
    }
    case "invalid_format":
      if (issue.format === "email") return translate(locale, "validation.email");
      if (issue.format === "regex") return translate(locale, "validation.regex");
      return translate(locale, "validation.invalid");
    case "too_small":
      if (issue.origin === "string") {
        return Number(issue.minimum) <= 1
          ? translate(locale, "validation.required")
          : translate(locale, "validation.min", { length: Number(issue.minimum) });
      }
      if (issue.origin === "array" && Number(issue.minimum) <= 1)
        return translate(locale, "validation.required");
      return translate(locale, "validation.minValue", { min: Number(issue.minimum) });
    case "too_big":
      if (issue.origin === "string")
        return translate(locale, "validation.max", { length: Number(issue.maximum) });
      if (issue.origin === "array")
        return translate(locale, "validation.maxItems", { count: Number(issue.maximum) });
      return translate(locale, "validation.maxValue", { max: Number(issue.maximum) });
    case "invalid_value":
      return translate(locale, "validation.oneOf");
    case "unrecognized_keys":
      return translate(locale, "validation.unknownField");
    default:
      return translate(locale, "validation.invalid");
  }
}
