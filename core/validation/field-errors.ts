import type { z } from "zod";
import type { FieldErrors, FieldProblems, Problem } from "../contracts/errors.ts";
import { isMessageKey, type Locale, translate } from "../i18n/index.ts";

/**
 * Turns zod issues into the `{ field: [messages] }` map, in the request's language
 * (docs/product/calls-and-errors.md, "Validation messages").
 * Messages come from the issue code, not from zod's English texts, so every schema speaks Czech
 * by default; a schema may also carry an i18n key as its custom message.
 */
export function issuesToFieldErrors(issues: readonly z.core.$ZodIssue[], locale: Locale): FieldErrors {
  return translateProblems(locale, issuesToFieldProblems(issues));
}

/** The same map before translation, for a service (ADR 0068): message keys, no language yet. */
export function issuesToFieldProblems(issues: readonly z.core.$ZodIssue[]): FieldProblems {
  const problems: FieldProblems = {};
  for (const issue of issues) {
    if (issue.code === "unrecognized_keys") {
      // One entry per unexpected key, under its own name, so a form can point at it.
      for (const key of issue.keys) {
        problems[[...issue.path.map(String), key].join(".")] = [{ key: "validation.unknownField" }];
      }
      continue;
    }
    const field = issue.path.length > 0 ? issue.path.map(String).join(".") : "_";
    const problem = issueProblem(issue);
    const list = problems[field] ?? [];
    if (!list.some((known) => sameProblem(known, problem))) list.push(problem);
    problems[field] = list;
  }
  return problems;
}

function sameProblem(a: Problem, b: Problem): boolean {
  return a.key === b.key && JSON.stringify(a.values ?? {}) === JSON.stringify(b.values ?? {});
}

/** A problem in the request's language. */
export function translateProblem(locale: Locale, problem: Problem): string {
  return translate(locale, problem.key, problem.values);
}

/**
 * A service's field problems as the form and the API show them (`FieldErrors`): each translated,
 * repeats of the same text dropped.
 */
export function translateProblems(locale: Locale, problems: FieldProblems): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, list] of Object.entries(problems)) {
    errors[field] = [...new Set(list.map((problem) => translateProblem(locale, problem)))];
  }
  return errors;
}

/** Several problems as one message (a refusal with more than one reason), joined by spaces. */
export function translateJoined(locale: Locale, reasons: readonly Problem[]): string {
  return reasons.map((reason) => translateProblem(locale, reason)).join(" ");
}

/** A problem with its key and values, for the services that build one by hand. */
export function problem(key: Problem["key"], values?: Problem["values"]): Problem {
  return values ? { key, values } : { key };
}

/**
 * The messages of one field's issues, translated and without repeats: what the form library
 * (Conform, app/ui/forms/conform.ts) shows under the field.
 */
export function issueMessages(issues: readonly z.core.$ZodIssue[], locale: Locale): string[] {
  return [...new Set(issues.map((issue) => translateProblem(locale, issueProblem(issue))))];
}

function issueProblem(issue: z.core.$ZodIssue): Problem {
  if (issue.message && isMessageKey(issue.message)) return { key: issue.message };
  switch (issue.code) {
    case "invalid_type": {
      // zod 4 leaves `input` off issues unless asked, but its message names what it received.
      const missing = /received (undefined|null)$/.test(issue.message);
      return problem(missing ? "validation.required" : "validation.type");
    }
    case "invalid_format":
      if (issue.format === "email") return problem("validation.email");
      if (issue.format === "regex") return problem("validation.regex");
      return problem("validation.invalid");
    case "too_small":
      if (issue.origin === "string") {
        return Number(issue.minimum) <= 1
          ? problem("validation.required")
          : problem("validation.min", { length: Number(issue.minimum) });
      }
      if (issue.origin === "array" && Number(issue.minimum) <= 1) return problem("validation.required");
      return problem("validation.minValue", { min: Number(issue.minimum) });
    case "too_big":
      if (issue.origin === "string") return problem("validation.max", { length: Number(issue.maximum) });
      if (issue.origin === "array") return problem("validation.maxItems", { count: Number(issue.maximum) });
      return problem("validation.maxValue", { max: Number(issue.maximum) });
    case "invalid_value":
      return problem("validation.oneOf");
    case "unrecognized_keys":
      return problem("validation.unknownField");
    default:
      return problem("validation.invalid");
  }
}
