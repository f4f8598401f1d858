import { appContext } from "../context.ts";
import { parsePathId } from "../ui/seo/canonical.ts";
import type { Route } from "./+types/diagnostics-dispute";

/**
 * A dispute control for the browser tests (tests/e2e/deals.spec.ts), like the other
 * `/__diagnostics` triggers a plain 404 unless the server runs with E2E_DIAGNOSTICS=1:
 * `POST /__diagnostics/dispute/{dealId}` ends the dispute's answer days now, so that a side may
 * hand it to the operator without waiting three days.
 */
export async function action({ params, context }: Route.ActionArgs) {
  if (process.env.E2E_DIAGNOSTICS !== "1") return new Response(null, { status: 404 });
  const dealId = parsePathId(params.dealId ?? "");
  const { services } = context.get(appContext);
  const moved =
    dealId !== null && (await services.disputes.moveAnswerDeadline(dealId, new Date(Date.now() - 1000)));
  return moved ? Response.json({ dealId }) : new Response(null, { status: 404 });
}

// A resource route (no component): the answers are plain JSON.
export function loader() {
  return new Response(null, { status: 404 });
}
