import type { Context } from "hono";
import type { FieldErrors } from "#core/contracts/errors.ts";
import { type MessageKey, translate } from "#core/i18n/index.ts";
import { STREAM_RETRY_AFTER_SECONDS } from "#server/lib/stream-slots.ts";
import type { AppEnv } from "../types.ts";

/**
 * A refusal that the API turns into JSON. Services throw these; the HTTP layer maps them.
 * 422 carries `{ errors: { field: [messages] } }` (docs/product/calls-and-errors.md, "Status codes").
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

export function notFoundJson(c: Context<AppEnv>, key: MessageKey = "errors.notFound") {
  return c.json({ message: translate(c.get("locale"), key) }, 404);
}

/** The over-cap answer: 429, translated, with Retry-After. */
export function tooManyStreams(c: Context<AppEnv>) {
  c.header("Retry-After", String(STREAM_RETRY_AFTER_SECONDS));
  return c.json({ message: translate(c.get("locale"), "errors.tooManyStreams") }, 429);
}
