import { appContext } from "../context.ts";
import { parsePathId } from "../ui/seo/canonical.ts";
import type { Route } from "./+types/diagnostics-deal";

const KINDS = ["pay", "ship", "release", "pickup"] as const;

/**
 * A deal's clock for the browser tests (tests/e2e/deals.spec.ts), like the other `/__diagnostics`
 * triggers a plain 404 unless the server runs with E2E_DIAGNOSTICS=1:
 * `POST /__diagnostics/deal/{dealId}` with `{ "deadline": "pay" | "ship" | "release" | "pickup" }` makes
 * that deadline pass now; its job then acts as it would after the days.
 */
export async function action({ params, context, request }: Route.ActionArgs) {
  if (process.env.E2E_DIAGNOSTICS !== "1") return new Response(null, { status: 404 });
  const dealId = parsePathId(params.dealId ?? "");
  const body = (await request.json().catch(() => null)) as { deadline?: string } | null;
  const kind = KINDS.find((one) => one === body?.deadline);
  if (dealId === null || !kind) return new Response(null, { status: 404 });
  const { services } = context.get(appContext);
  const moved = await services.deals.moveDeadline(dealId, kind, new Date(Date.now() - 1000));
  return moved ? Response.json({ dealId }) : new Response(null, { status: 404 });
}

// A resource route (no component): the answers are plain JSON.
export function loader() {
  return new Response(null, { status: 404 });
}
