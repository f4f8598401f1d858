import { appContext } from "../context.ts";
import type { Route } from "./+types/diagnostics-results";

/**
 * The archive of results for the browser tests (tests/e2e/results.spec.ts), like the other
 * `/__diagnostics` triggers a plain 404 unless the server runs with E2E_DIAGNOSTICS=1:
 * `POST /__diagnostics/results` with `{ at? }` runs the sweep (sold auctions and completed deals
 * not recorded yet) and then the price index job as if it were `at` (ISO; default now), so that a
 * test sees a month frozen without waiting for its close.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (process.env.E2E_DIAGNOSTICS !== "1") return new Response(null, { status: 404 });
  const { services } = context.get(appContext);
  const body = (await request.json().catch(() => ({}))) as { at?: unknown };
  const at = typeof body.at === "string" ? new Date(body.at) : new Date();
  if (Number.isNaN(at.getTime())) return Response.json({ error: "at" }, { status: 422 });
  const recorded = await services.saleResults.sweep();
  const frozen = await services.saleResults.freezeIndex(at);
  return Response.json({ recorded, frozen });
}

// A resource route (no component): the answers are plain JSON.
export function loader() {
  return new Response(null, { status: 404 });
}
