import createClient from "openapi-fetch";
import type { paths } from "./schema.d.ts";

/**
 * The browser's client of its own API (ADR 0108): every path, parameter and answer typed from the
 * OpenAPI document (schema.d.ts, `npm run api:client`), so a call the document does not describe
 * does not compile. The session cookie authenticates; the document's `servers` is `/api`.
 * Pages load it with `loadApiClient()` when they first call, so it stays out of the first visit's
 * scripts.
 */
export const api = createClient<paths>({
  baseUrl: "/api",
  credentials: "same-origin",
  headers: { Accept: "application/json" },
  // Read at each call, not at creation: the progress bar wraps window.fetch after hydration
  // (app/ui/feedback/progress-store.ts), and component tests stub it.
  fetch: (request) => globalThis.fetch(request),
});

export type ApiClient = typeof api;
export type { paths };
