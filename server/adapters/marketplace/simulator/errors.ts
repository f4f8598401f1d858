/**
 * A request the simulated provider refuses, answered in Stripe's error shape
 * (`{ error: { type, code, message, param } }`), and the checks of parameters that raise it.
 */
export class StripeApiError extends Error {
  readonly status: number;
  readonly type: string;
  readonly code: string | undefined;
  readonly param: string | undefined;
  constructor(status: number, type: string, message: string, code?: string, param?: string) {
    super(message);
    this.status = status;
    this.type = type;
    this.code = code;
    this.param = param;
  }
}

export const missing = (name: string) =>
  new StripeApiError(
    400,
    "invalid_request_error",
    `Missing required param: ${name}.`,
    "parameter_missing",
    name,
  );
export const notFound = (kind: string, id: string) =>
  new StripeApiError(404, "invalid_request_error", `No such ${kind}: '${id}'`, "resource_missing", "id");

export function positiveAmount(value: string | undefined, name: string): number {
  if (value === undefined) throw missing(name);
  const amount = Number(value);
  if (!Number.isSafeInteger(amount) || amount < 1)
    throw new StripeApiError(
      400,
      "invalid_request_error",
      `Invalid positive integer: ${name}`,
      "parameter_invalid_integer",
      name,
    );
  return amount;
}

export function czkOnly(value: string | undefined, name: string) {
  if (value === undefined) throw missing(name);
  if (value.toLowerCase() !== "czk")
    throw new StripeApiError(
      400,
      "invalid_request_error",
      "The simulator knows only CZK.",
      "parameter_invalid",
      name,
    );
}
