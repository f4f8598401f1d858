import { describe, expect, it } from "vitest";
import { translate } from "#core/i18n/index.ts";
import { validateLogin } from "./login-form.ts";

describe("validateLogin", () => {
  it("wants both fields, with the spec's Czech messages", () => {
    const errors = validateLogin("  ", "");
    expect(translate("cs", errors.email!)).toBe("Pole musí být vyplněno");
    expect(translate("cs", errors.password!)).toBe("Pole musí být vyplněno");
  });

  it("wants an e-mail address in the e-mail field", () => {
    for (const email of ["kupec", "kupec@", "kupec@rarita", "ku pec@rarita.test"])
      expect(translate("cs", validateLogin(email, "x").email!)).toBe("Pole musí obsahovat platný email.");
  });

  it("passes a well-formed pair (surrounding spaces are trimmed later)", () => {
    expect(validateLogin(" kupec@rarita.test ", "demo-kupec")).toEqual({});
  });
});
