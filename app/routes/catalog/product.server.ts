import { data, type RouterContextProvider, redirect } from "react-router";
import { appContext } from "#app/context.ts";
import {
  BID_AMOUNT_PARAM,
  BID_MAX_PARAM,
  type BidActionData,
} from "#app/features/product/bidding/bid-answer.ts";
import { readBidSubmission } from "#app/features/product/bidding/bid-submission.server.ts";
import { dealOfferFor } from "#app/features/product/bidding/deal-offer.server.ts";
import { parsePathId, withSearch } from "#app/ui/seo/canonical.ts";
import { refusalField, refusalMessage } from "#core/contracts/bid-refusal.ts";
import type { BidAmount, BidRefusal } from "#core/contracts/bidding.ts";
import type { Locale } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { allInBreakdown } from "#core/rules/all-in.ts";
import { ageCheckPath } from "#core/web/age-check-path.ts";
import { refusalStatus } from "#core/web/refusal-status.ts";

/** The product page's loader and action (app/routes/catalog/product.tsx). */

type Args = {
  request: Request;
  params: Record<string, string | undefined>;
  context: Readonly<RouterContextProvider>;
};
type Services = ReturnType<typeof appContextOf>["services"];

const appContextOf = (context: Readonly<RouterContextProvider>) => context.get(appContext);

const SIMILAR_COUNT = 4;

/**
 * The product by its path, answering 301 to its canonical URL (the product's own category slug and
 * its slug in the page's language) and 404 when there is none.
 */
export async function loadProductPage({ params, request, context }: Args) {
  const { services, locale, user, config } = appContextOf(context);
  const id = parsePathId(params.id);
  const product = id ? await services.productPages.productDetail(id, locale) : null;
  if (!product) throw data(null, { status: 404 });
  if (params.category !== product.category.slug || params.product !== product.slug)
    throw redirect(withSearch(product.url, request), 301);
  const [similar, bidding, deals, evidence, sellerKind] = await Promise.all([
    similarItems(services, locale, product),
    product.format === "auction" ? auctionBlock(services, product, user?.id ?? null) : null,
    dealOfferFor(context, product),
    services.listings.evidence.galleryOf(product.id),
    // Private person or trader with the DSA Art 30 details (server/modules/traders).
    product.seller ? services.traders.publicSellerOf(product.seller.id) : null,
  ]);
  return {
    product,
    /** The seller's evidence of authenticity (a spirit's slots and fill level), or null. */
    evidence,
    similar,
    bidding,
    /** The deal through the site: delivery options and what the all-in total needs (null: none). */
    deals,
    sellerKind,
    viewer: {
      loggedIn: user !== null,
      isSeller: user !== null && product.seller?.id === user.id,
      emailConfirmed: user?.emailConfirmed ?? false,
    },
    serverNow: new Date().toISOString(),
    origin: config.publicUrl,
    locale,
  };
}

type Product = NonNullable<Awaited<ReturnType<Services["productPages"]["productDetail"]>>>;

/** Similar items: the same category; a thin leaf borrows from its parent. */
async function similarItems(services: Services, locale: Locale, product: Product) {
  const similar = await services.catalog.listCards({
    locale,
    categoryId: product.category.id,
    excludeIds: [product.id],
    sort: "newest",
    perPage: SIMILAR_COUNT,
  });
  const parent = product.categoryPath[product.categoryPath.length - 2];
  if (similar.length >= SIMILAR_COUNT || !parent) return similar;
  const more = await services.catalog.listCards({
    locale,
    categoryId: parent.id,
    excludeIds: [product.id, ...similar.map((item) => item.id)],
    sort: "newest",
    perPage: SIMILAR_COUNT - similar.length,
  });
  return [...similar, ...more];
}

/**
 * The live auction block: its state, the bids placed since the product's history was read (the
 * history itself is the product's, `product.auction.bids`, sent once; the live stream continues
 * from the newest of both), where the viewer stands, and the soft-close window for the hint. The
 * state asks only for bids after the newest the product has (none, mostly: no statement at all).
 */
async function auctionBlock(services: Services, product: Product, userId: number | null) {
  const [state, standing, rules] = await Promise.all([
    services.bidding.liveState(product.id, product.auction?.bids.at(-1)?.id ?? 0),
    userId !== null ? services.bidding.standing(product.id, userId) : Promise.resolve(null),
    services.bidding.ruleOptions(),
  ]);
  if (!state) return null;
  return {
    live: state.live,
    /** Bids placed after those of `product.auction.bids` (mostly none). */
    newer: state.bids,
    standing,
    softCloseMinutes: Math.round((rules?.softCloseMs ?? 120_000) / 60_000),
  };
}

/** The age check's address, coming back to the product page with the amounts the bidder typed. */
function ageCheckForBid(
  request: Request,
  locale: Locale,
  bid: BidAmount,
  maxMinor: number | null | undefined,
) {
  const back = new URLSearchParams();
  if (bid.amountMinor !== undefined) back.set(BID_AMOUNT_PARAM, String(bid.amountMinor / 100));
  if (maxMinor) back.set(BID_MAX_PARAM, String(maxMinor / 100));
  const query = back.size > 0 ? `?${back}` : "";
  // A script's POST comes as the page's path plus ".data" (React Router's single fetch).
  const page = new URL(request.url).pathname.replace(/\.data$/, "");
  return ageCheckPath(locale, `${page}${query}`);
}

/**
 * The bid form (app/features/product/bidding/bid-form.tsx), read through core/schemas/bid.ts: a first POST
 * checks the bid and asks for the binding confirmation; the confirmed one (`confirmed=1`) places
 * it through the bidding service. Refusals come back as the form's field errors, with the
 * refusal's status.
 */
export async function placeBidAction({ params, request, context }: Args) {
  const { services, locale, user } = appContextOf(context);
  // The amount form, or "Přihodit minimum" (app/features/product/bidding/bid-submission.server.ts).
  const submission = readBidSubmission(await request.formData(), locale);
  const { minimum } = submission;
  if (submission.intent !== "bid") throw data(null, { status: 400 });
  const id = parsePathId(params.id);
  if (!id) throw data(null, { status: 404 });
  if (!user) {
    const back = new URL(request.url).pathname;
    throw redirect(`${localePath("account", locale)}?redirect=${encodeURIComponent(back)}`);
  }
  if (!submission.value)
    return data<BidActionData>(
      { intent: "bid", status: "refused", result: submission.reply(), minimum },
      { status: 422 },
    );
  const { bid, maxMinor, confirmed } = submission.value;
  const ceiling = bid.minimum ? bid.notAboveMinor : undefined;
  const refusal = (reason: BidRefusal, minimumMinor?: number) => {
    // Not yet proved 18+: to the age check and back to this page with the bid typed (issue 36).
    if (reason === "age_unverified") throw redirect(ageCheckForBid(request, locale, bid, maxMinor));
    const message = refusalMessage(locale, reason, minimumMinor, ceiling);
    const result = submission.reply({ [refusalField(reason) ?? "amount"]: [message] });
    return data<BidActionData>(
      { intent: "bid", status: "refused", result, minimum },
      { status: refusalStatus(reason) },
    );
  };
  const input = { productId: id, bidder: user, ...bid, maxMinor };
  if (!confirmed) {
    const preview = await services.bidding.previewBid(input);
    if (!preview.ok) return refusal(preview.reason, preview.minimumMinor);
    // The all-in total of the amount the bidder confirms, computed here: the browser's figure is a hint.
    const offer = await dealOfferFor(context, { id, format: "auction", type: "supply" });
    return {
      intent: "bid",
      status: "confirm",
      amountMinor: preview.amountMinor,
      maxMinor,
      raise: preview.raise,
      notAboveMinor: ceiling ?? null,
      allIn: offer ? allInBreakdown(offer, preview.amountMinor) : null,
    } satisfies BidActionData;
  }
  const result = await services.bidding.placeBid(input);
  if (!result.ok) return refusal(result.reason, result.minimumMinor);
  const { live, bids, viewer, extended } = result;
  return { intent: "bid", status: "accepted", live, bids, viewer, extended } satisfies BidActionData;
}
