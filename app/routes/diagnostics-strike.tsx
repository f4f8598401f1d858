import { appContext } from "../context.ts";
import { parsePathId } from "../ui/seo/canonical.ts";
import type { Route } from "./+types/diagnostics-strike";

/**
 * A strike control for the browser tests (tests/e2e/deals-admin.spec.ts), like the other
 * `/__diagnostics` triggers a plain 404 unless the server runs with E2E_DIAGNOSTICS=1:
 * `POST /__diagnostics/strike/{dealId}` records the strike the deal's payment deadline records
 * when it passes unpaid, without waiting the days to pay.
 */
export async function action({ params, context }: Route.ActionArgs) {
  if (process.env.E2E_DIAGNOSTICS !== "1") return new Response(null, { status: 404 });
  const dealId = parsePathId(params.dealId ?? "");
  const { services } = context.get(appContext);
  const recorded = dealId !== null && (await services.unpaidWinsAdmin.strikeForTests(dealId));
  return recorded ? Response.json({ dealId }) : new Response(null, { status: 404 });
}

// A resource route (no component): the answers are plain JSON.
export function loader() {
  return new Response(null, { status: 404 });
}
