import { describe, expect, it } from "vitest";
import { z } from "zod";
import { issuesToFieldErrors, issuesToFieldProblems, problem, translateProblems } from "./field-errors.ts";

const schema = z.strictObject({
  email: z.email(),
  name: z.string().min(3).max(5),
  age: z.number().int().min(18),
  tags: z.array(z.string()).max(2),
  kind: z.enum(["supply", "demand"]),
});

function errorsFor(input: unknown, locale: "cs" | "en" = "cs") {
  const result = schema.safeParse(input);
  if (result.success) throw new Error("expected a failure");
  return issuesToFieldErrors(result.error.issues, locale);
}

describe("issuesToFieldErrors", () => {
  it("tells a missing field from a wrong type, with the Czech validation messages", () => {
    const errors = errorsFor({
      email: 42,
      name: "ab",
      age: 12,
      tags: ["a", "b", "c"],
      kind: "other",
      extra: 1,
    });
    expect(errors).toEqual({
      email: ["Pole má neplatnou hodnotu."],
      name: ["Vyplňte prosím minimálně 3 znaků."],
      age: ["Hodnota musí být alespoň 18."],
      tags: ["Vyberte nejvýše 2 položek."],
      kind: ["Vyberte prosím jednu z nabízených možností."],
      extra: ["Toto pole není povoleno."],
    });
    expect(errorsFor({})).toMatchObject({
      email: ["Pole musí být vyplněno"],
      name: ["Pole musí být vyplněno"],
    });
  });

  it("speaks English on request", () => {
    expect(errorsFor({ email: "nope", name: "abcdefg" }, "en")).toMatchObject({
      email: ["The field must contain a valid email."],
      name: ["The field may contain at most 5 characters."],
    });
  });
});

describe("issuesToFieldProblems and translateProblems", () => {
  it("keeps a service's problems in no language until the edge translates them", () => {
    const parsed = schema.safeParse({ email: "x@y.cz", name: "abcdefg", age: 20, tags: [], kind: "supply" });
    if (parsed.success) throw new Error("expected a failure");
    const problems = issuesToFieldProblems(parsed.error.issues);
    expect(problems).toEqual({ name: [{ key: "validation.max", values: { length: 5 } }] });
    expect(translateProblems("en", problems)).toEqual(issuesToFieldErrors(parsed.error.issues, "en"));
    const twice = { form: [problem("validation.required"), problem("validation.required")] };
    expect(translateProblems("cs", twice)).toEqual({ form: ["Pole musí být vyplněno"] });
  });
});
