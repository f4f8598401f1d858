import type { Context } from "hono";
import { translate } from "#app/i18n/index.ts";
import type { AppEnv } from "../types.ts";

export type FieldErrors = Record<string, string[]>;

/**
 * A refusal that the API turns into JSON. Services throw these; the HTTP layer maps them.
 * 422 carries `{ errors: { field: [messages] } }` as the spec's clients expect.
 */
export class ApiError extends Error {
  readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429;
  readonly body: Record<string, unknown>;
  constructor(status: ApiError["status"], body: Record<string, unknown>) {
    super(typeof body.message === "string" ? body.message : `HTTP ${status}`);
    this.status = status;
    this.body = body;
  }
}

export const validationError = (errors: FieldErrors) => new ApiError(422, { errors });

export function unauthorized(c: Context<AppEnv>) {
  return c.json({ message: translate(c.get("locale"), "errors.unauthorized") }, 401);
}

export function notFoundJson(c: Context<AppEnv>, key = "errors.notFound") {
  return c.json({ message: translate(c.get("locale"), key) }, 404);
}
