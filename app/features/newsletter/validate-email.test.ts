import { describe, expect, it } from "vitest";
import { validateNewsletterEmail } from "./validate-email.ts";

describe("validateNewsletterEmail", () => {
  it("requires a value", () => {
    expect(validateNewsletterEmail("")).toBe("validation.required");
    expect(validateNewsletterEmail("   ")).toBe("validation.required");
  });

  it("requires an e-mail format", () => {
    for (const value of [
      "jan",
      "jan@",
      "@seznam.cz",
      "jan@seznam",
      "jan novak@seznam.cz",
      "jan@seznam..cz",
      "a@b.",
      `${"a".repeat(250)}@b.cz`,
    ])
      expect(validateNewsletterEmail(value), value).toBe("validation.email");
  });

  it("accepts ordinary addresses, with surrounding spaces trimmed", () => {
    for (const value of ["jan.novak@seznam.cz", "j+news@mail.example.com", " eva@rarita.cz "])
      expect(validateNewsletterEmail(value), value).toBeNull();
  });
});
