import { monthlyRoundClose } from "#core/rules/auction-end.ts";
import { appContext } from "../context.ts";
import type { Route } from "./+types/diagnostics-closing-round";

/**
 * A monthly round in its close for the browser tests (tests/e2e/deals-buy-now.spec.ts), like the other
 * `/__diagnostics` triggers a plain 404 unless the server runs with E2E_DIAGNOSTICS=1:
 * `POST /__diagnostics/closing-round` with `{ sellerEmail, names, round: "YYYY-MM", startPriceMinor? }`
 * lists one monthly auction per name of that seller in the month's round and gives them their
 * slots by the sweeper's draw; it answers `{ roundCloseAt, lots: [{ id, slot, url }] }`. The page
 * then shows the round's close to a browser whose `diagnostics-now` cookie names an instant in it
 * (app/lib/diagnostics-now.server.ts).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (process.env.E2E_DIAGNOSTICS !== "1") return new Response(null, { status: 404 });
  const { services } = context.get(appContext);
  const body = (await request.json().catch(() => ({}))) as Record<string, unknown>;
  const month = /^(\d{4})-(\d{2})$/.exec(String(body.round ?? ""));
  const names = Array.isArray(body.names) ? body.names.map(String) : [];
  if (!month || names.length === 0) return Response.json({ error: "round, names" }, { status: 422 });
  const roundCloseAt = monthlyRoundClose(Number(month[1]), Number(month[2]));
  const lots = await services.bidding.createDiagnosticsRound({
    sellerEmail: String(body.sellerEmail ?? ""),
    names,
    startPriceMinor: Number(body.startPriceMinor ?? 100_000),
    roundCloseAt,
  });
  if (lots === null) return new Response(null, { status: 404 });
  const withUrls = await Promise.all(
    lots.map(async (lot) => ({ ...lot, url: await services.productPages.canonicalPath(lot.id, "cs") })),
  );
  return Response.json({ roundCloseAt: roundCloseAt.toISOString(), lots: withUrls });
}

// A resource route (no component): the answers are plain JSON.
export function loader() {
  return new Response(null, { status: 404 });
}
