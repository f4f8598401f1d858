/**
 * The one answer shape of a service (ADR 0068): `ok(value)` when it did what was asked, `err(code,
 * details)` when it refused. A code is a plain string the caller can switch on ("invalid",
 * "limited", "not_found"...), never a translated text: the page or the API handler that asked maps
 * the code to the text and the HTTP status the user sees. The details carry what that mapping
 * needs (field problems as message keys, a wait in seconds), still in no language.
 */

export type Ok<T> = { readonly ok: true; readonly value: T };
/**
 * A refusal. A union of codes makes a union of refusals (`Err<"a" | "b">` is `Err<"a"> | Err<"b">`),
 * so a check of `code` narrows what is left.
 */
export type Err<C extends string, D = undefined> = C extends string
  ? { readonly ok: false; readonly code: C; readonly details: D }
  : never;

/**
 * A service's answer. Where refusals carry different details, write the union of `Err`s instead
 * (`Ok<T> | Err<"invalid", FieldProblems> | Err<"limited", { retryAfterSeconds: number }>`), so a
 * check of `code` narrows the details too.
 */
export type Result<T, C extends string = string, D = undefined> = Ok<T> | Err<C, D>;

export function ok(): Ok<undefined>;
export function ok<T>(value: T): Ok<T>;
export function ok<T>(value?: T): Ok<T | undefined> {
  return { ok: true, value };
}

export function err<C extends string>(code: C): Err<C, undefined>;
export function err<C extends string, D>(code: C, details: D): Err<C, D>;
export function err<C extends string, D>(code: C, details?: D): Err<C, D | undefined> {
  return { ok: false, code, details } as Err<C, D | undefined>;
}

/** The value of a result that must have succeeded (a seed, a test); throws with the code otherwise. */
export function unwrap<T>(result: Result<T, string, unknown>): T {
  if (result.ok) return result.value;
  throw new Error(`expected ok, got the refusal "${result.code}"`);
}
