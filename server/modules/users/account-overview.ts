import { desc, eq, sql } from "drizzle-orm";
import { formatWait } from "#core/formats/wait.ts";
import { type Locale, translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { Db } from "#server/db/client.ts";
import { RateLimiter } from "#server/lib/rate-limit.ts";
import type { AuthUser } from "../auth/index.ts";
import { bids } from "../bidding/tables.ts";
import type { CatalogService } from "../listings/index.ts";
import { type ProductStatus, products } from "../listings/tables/products.ts";
import { categories } from "../listings/tables/taxonomy.ts";
import type { MessagesService } from "../messages/index.ts";
import type { WishlistService } from "../wishlist/index.ts";
import type { EmailConfirmationService } from "./email-confirmation.ts";
import type { ListingQuota, ListingQuotaService } from "./listing-quota.ts";

/** How many of the user's last bids and of the watched auctions the overview lists. */
export const OVERVIEW_LIST_SIZE = 5;
/** Confirmation mails a user may ask for per hour (each one is a mail to their inbox). */
export const CONFIRMATION_RESENDS_PER_HOUR = 3;

export type ResendResult =
  | { status: "sent"; message: string }
  | { status: "already_confirmed"; message: string }
  | { status: "limited"; retryAfterSeconds: number; message: string };

export type OverviewBid = {
  productId: number;
  name: string;
  url: string;
  /** The user's highest bid on the product, minor units of CZK. */
  amountMinor: number;
  /** The product's leading price now. */
  currentPriceMinor: number | null;
  bidAt: Date;
  /** The user holds the highest bid. */
  leading: boolean;
  /** The auction closed with the user as its winner. */
  won: boolean;
  status: ProductStatus;
  endsAt: Date | null;
};

export type OverviewWatched = {
  productId: number;
  name: string;
  url: string;
  priceMinor: number | null;
  image: string | null;
  endsAt: Date;
};

export type AccountOverview = {
  advertisements: { active: number; started: number; total: number };
  notifications: { new: number; total: number };
  lastBids: OverviewBid[];
  endingSoon: OverviewWatched[];
  verified: boolean;
  quota: ListingQuota;
  email: { address: string; confirmed: boolean };
  /** The user's group discount (spec sections 2 and 6), null when none applies. */
  discount: { group: string; percent: number } | null;
};

/**
 * The account overview (/ucet/prehled): one read of everything the page shows. Statistics,
 * notifications and the watched products come from their modules' services; the last bids are
 * read here from the bids table (no bidding service lists a user's bids yet), read-only.
 */
export function createAccountOverviewService(deps: {
  db: Db;
  catalog: Pick<CatalogService, "advertisementStatistics">;
  messages: Pick<MessagesService, "counter">;
  wishlist: Pick<WishlistService, "getForUser">;
  productStates: (
    ids: number[],
  ) => Promise<Record<number, { status: string; format: string; endsAt: string | null }>>;
  quota: Pick<ListingQuotaService, "usage">;
  emailConfirmation: Pick<EmailConfirmationService, "resend">;
  now?: () => Date;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const resends = new RateLimiter(CONFIRMATION_RESENDS_PER_HOUR, 3600_000, () => now().getTime());

  /** The products the user bid on, newest bid first, with the user's highest bid on each. */
  async function lastBids(userId: number, locale: Locale): Promise<OverviewBid[]> {
    const mine = db
      .select({
        productId: bids.productId,
        amountMinor: sql<number>`max(${bids.amountMinor})`.as("amount_minor"),
        bidAt: sql<Date>`max(${bids.createdAt})`.as("bid_at"),
      })
      .from(bids)
      .where(eq(bids.userId, userId))
      .groupBy(bids.productId)
      .as("mine");
    const rows = await db
      .select({
        productId: products.id,
        nameCs: products.nameCs,
        nameEn: products.nameEn,
        slugCs: products.slugCs,
        slugEn: products.slugEn,
        categorySlugCs: categories.slugCs,
        categorySlugEn: categories.slugEn,
        status: products.status,
        endsAt: products.endsAt,
        currentPriceMinor: products.currentPriceMinor,
        winnerId: products.winnerId,
        amountMinor: mine.amountMinor,
        bidAt: mine.bidAt,
        // The bidding service keeps the leader on the product (proxy maxima decide it, not the
        // highest row); a product without one falls back to the highest bid, the earlier on a tie.
        leaderId: sql<
          number | null
        >`coalesce(${products.leaderId}, (select b.user_id from ${bids} b where b.product_id = ${products.id} order by b.amount_minor desc, b.created_at asc, b.id asc limit 1))`,
      })
      .from(mine)
      .innerJoin(products, eq(products.id, mine.productId))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .orderBy(desc(mine.bidAt))
      .limit(OVERVIEW_LIST_SIZE);
    const english = locale === "en";
    return rows.map((row) => ({
      productId: row.productId,
      // Missing English content falls back to Czech (product.md).
      name: (english && row.nameEn) || row.nameCs,
      url: localePath("product", locale, {
        id: row.productId,
        category: (english && row.categorySlugEn) || row.categorySlugCs,
        product: (english && row.slugEn) || row.slugCs,
      }),
      amountMinor: Number(row.amountMinor),
      currentPriceMinor: row.currentPriceMinor,
      bidAt: new Date(row.bidAt),
      leading: row.leaderId === userId,
      won: row.winnerId === userId,
      status: row.status,
      endsAt: row.endsAt,
    }));
  }

  /** Watched auctions still running, the soonest to end first. */
  async function endingSoon(userId: number, locale: Locale): Promise<OverviewWatched[]> {
    const wishlist = await deps.wishlist.getForUser(userId, locale);
    const items = wishlist?.items ?? [];
    if (items.length === 0) return [];
    const states = await deps.productStates(items.map((item) => item.product.id));
    const at = now().getTime();
    return items
      .flatMap((item) => {
        const state = states[item.product.id];
        const endsAt = state?.endsAt ? new Date(state.endsAt) : null;
        const running = state?.status === "active" && state.format === "auction";
        if (!running || !endsAt || endsAt.getTime() <= at) return [];
        const { id, name, url, price, image } = item.product;
        return [{ productId: id, name, url, priceMinor: price, image, endsAt }];
      })
      .sort((a, b) => a.endsAt.getTime() - b.endsAt.getTime())
      .slice(0, OVERVIEW_LIST_SIZE);
  }

  return {
    /** A new e-mail confirmation link, at most CONFIRMATION_RESENDS_PER_HOUR times an hour. */
    async resendConfirmation(userId: number, locale: Locale): Promise<ResendResult> {
      const key = String(userId);
      if (resends.isLimited(key)) {
        const seconds = resends.retryAfterSeconds(key);
        return {
          status: "limited",
          retryAfterSeconds: seconds,
          message: translate(locale, "security.overview.resendLimited", {
            wait: formatWait(locale, seconds),
          }),
        };
      }
      resends.attempt(key);
      const sent = await deps.emailConfirmation.resend(userId);
      return sent
        ? { status: "sent", message: translate(locale, "security.overview.resendSent") }
        : { status: "already_confirmed", message: translate(locale, "security.overview.alreadyConfirmed") };
    },

    async overview(user: AuthUser, locale: Locale): Promise<AccountOverview> {
      const [advertisements, notifications, bidsList, watched, quota] = await Promise.all([
        deps.catalog.advertisementStatistics(user.id),
        deps.messages.counter(user.id),
        lastBids(user.id, locale),
        endingSoon(user.id, locale),
        deps.quota.usage(user.id),
      ]);
      return {
        advertisements,
        notifications: { new: notifications.new, total: notifications.total },
        lastBids: bidsList,
        endingSoon: watched,
        verified: quota.verified,
        quota,
        email: { address: user.email, confirmed: user.emailConfirmed },
        discount:
          user.group && user.group.discount > 0
            ? { group: user.group.name, percent: user.group.discount }
            : null,
      };
    },
  };
}

export type AccountOverviewService = ReturnType<typeof createAccountOverviewService>;
