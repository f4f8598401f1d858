import { localePath } from "#core/i18n/paths.ts";
import { appContext } from "../context.ts";
import { parsePathId } from "../ui/seo/canonical.ts";
import type { Route } from "./+types/diagnostics-auction";

/**
 * Auction controls for the browser tests (tests/e2e/bidding.spec.ts), like the other
 * `/__diagnostics` triggers a plain 404 unless the server runs with E2E_DIAGNOSTICS=1:
 * - `POST /__diagnostics/auction` with `{ sellerEmail, startPriceMinor, endsInSeconds, name,
 *   buyNowPriceMinor?, delivery? }` creates a live auction of that seller (with `buyNowPriceMinor`,
 *   its buy-it-now price, tests/e2e/deals-buy-now.spec.ts; with `delivery`, its deal terms: the
 *   delivery options a deal through the site offers, tests/e2e/deals.spec.ts) and answers `{ id, url }`;
 * - `POST /__diagnostics/auction/{id}` with `{ endsInSeconds }` moves its end, so that a test sees
 *   the soft close and the close without waiting days.
 */
const enabled = () => process.env.E2E_DIAGNOSTICS === "1";

export async function action({ request, params, context }: Route.ActionArgs) {
  if (!enabled()) return new Response(null, { status: 404 });
  const { services } = context.get(appContext);
  const body = (await request.json().catch(() => ({}))) as Record<string, unknown>;
  const seconds = Number(body.endsInSeconds);
  if (!Number.isFinite(seconds)) return Response.json({ error: "endsInSeconds" }, { status: 422 });
  const endsAt = new Date(Date.now() + seconds * 1000);
  if (params.id) {
    const auctionId = parsePathId(params.id);
    const moved = auctionId !== null && (await services.bidding.moveEnd(auctionId, endsAt));
    return moved
      ? Response.json({ id: auctionId, endsAt: endsAt.toISOString() })
      : new Response(null, { status: 404 });
  }
  const id = await services.bidding.createDiagnosticsAuction({
    sellerEmail: String(body.sellerEmail ?? ""),
    startPriceMinor: Number(body.startPriceMinor ?? 100_000),
    name: String(body.name ?? "Testovací aukce"),
    buyNowPriceMinor: body.buyNowPriceMinor == null ? null : Number(body.buyNowPriceMinor),
    endsAt,
  });
  if (id === null) return new Response(null, { status: 404 });
  if (Array.isArray(body.delivery)) {
    const saved = await services.dealTerms.save(id, {
      paysThroughSite: false,
      deliveryOptions: body.delivery,
    });
    if (!saved.ok) return Response.json({ error: "delivery" }, { status: 422 });
  }
  const page = await services.productPages.canonicalPath(id, "cs");
  return Response.json({ id, url: page ?? localePath("home", "cs"), endsAt: endsAt.toISOString() });
}

// A resource route (no component): the answers are plain JSON.
export function loader() {
  return new Response(null, { status: 404 });
}
