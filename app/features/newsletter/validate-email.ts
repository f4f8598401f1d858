/**
 * The newsletter e-mail's client-side check (docs/product/calls-and-errors.md, "Validation
 * messages"): required, then e-mail format; the result is a message key (validation.required /
 * validation.email) or null when valid. The format check is deliberately simple
 * (something@domain.tld without spaces); the server checks again.
 */
export function validateNewsletterEmail(value: string): "validation.required" | "validation.email" | null {
  const email = value.trim();
  if (email === "") return "validation.required";
  if (email.length > 254 || !/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email)) return "validation.email";
  return null;
}
