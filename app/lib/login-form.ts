import type { MessageKey } from "#core/i18n/index.ts";
/**
 * The login form's client-side check (spec section 5: e-mail required and in e-mail format;
 * password required), shared by the header widget and the login target page so both show the
 * same messages before anything is sent. The server checks the same rules (app/auth.server.ts).
 * Values are i18n keys.
 */
export type LoginField = "email" | "password";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateLogin(email: string, password: string): Partial<Record<LoginField, MessageKey>> {
  const errors: Partial<Record<LoginField, MessageKey>> = {};
  if (!email.trim()) errors.email = "validation.required";
  else if (!EMAIL.test(email.trim())) errors.email = "validation.email";
  if (!password) errors.password = "validation.required";
  return errors;
}
