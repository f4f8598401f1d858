import { describe, expect, it } from "vitest";
import { LoginSchema } from "#core/schemas/login.ts";
import { RegistrationFormSchema } from "#core/schemas/registration.ts";
import { parseForm } from "./conform.ts";

const login = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return parseForm(form, LoginSchema, "cs");
};
const errorsOf = (submission: ReturnType<typeof login>) => submission.reply().error ?? {};

describe("parseForm over the login schema", () => {
  it("wants both fields, with the Czech validation messages", () => {
    const submission = login({ email: "  ", password: "" });
    expect(submission.status).toBe("error");
    expect(errorsOf(submission).email).toEqual(["Pole musí být vyplněno"]);
    expect(errorsOf(submission).password).toEqual(["Pole musí být vyplněno"]);
  });

  it("wants an e-mail address in the e-mail field", () => {
    for (const email of ["kupec", "kupec@", "kupec@rarita", "ku pec@rarita.test"])
      expect(errorsOf(login({ email, password: "x" })).email).toEqual(["Pole musí obsahovat platný email."]);
  });

  it("passes a well-formed pair, the e-mail trimmed", () => {
    const submission = login({ email: " kupec@rarita.test ", password: "demo-kupec", redirect: "" });
    expect(submission.status).toBe("success");
    if (submission.status === "success")
      expect(submission.value).toEqual({ email: "kupec@rarita.test", password: "demo-kupec" });
  });

  it("never sends the password back with a refusal", () => {
    const reply = login({ email: "kupec", password: "tajne" }).reply({ hideFields: ["password"] });
    expect(reply.initialValue).toEqual({ email: "kupec" });
  });
});

describe("parseForm over the registration form's schema", () => {
  const register = (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    return parseForm(form, RegistrationFormSchema, "cs").reply().error ?? {};
  };

  it("says what is missing, an empty phone and confirmation aside", () => {
    const errors = register({ phonePrefix: "+420", phone: "", passwordConfirmation: "" });
    expect(Object.keys(errors).sort()).toEqual(
      ["adult", "email", "firstname", "lastname", "password", "terms", "username"].sort(),
    );
  });

  it("checks the confirmation while other fields are still wrong", () => {
    const errors = register({
      email: "x",
      password: "kratke",
      passwordConfirmation: "jine",
      phone: "60a123",
    });
    expect(errors.passwordConfirmation).toEqual(["Toto pole je nutné potvrdit."]);
    expect(errors.phone).toEqual(["Pole musí obsahovat pouze číslice."]);
  });
});
