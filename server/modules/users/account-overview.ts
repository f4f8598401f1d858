import type { Locale } from "#core/i18n/index.ts";
import { type Err, err, type Ok, ok } from "#core/result.ts";
import { RateLimiter } from "#server/lib/rate-limit.ts";
import type { AuthUser } from "../auth/index.ts";
import type { ResendConfirmation } from "./contracts.ts";
import type { ListingQuota, ListingQuotaService } from "./listing-quota.ts";
import {
  endingSoon,
  lastBids,
  type OverviewBid,
  type OverviewSources,
  type OverviewWatched,
} from "./overview-lists.ts";

export type { OverviewBid, OverviewSources, OverviewWatched } from "./overview-lists.ts";
export { OVERVIEW_LIST_SIZE } from "./overview-lists.ts";

/** Confirmation mails a user may ask for per hour (each one is a mail to their inbox). */
export const CONFIRMATION_RESENDS_PER_HOUR = 3;

/** Ok: "sent", or "already_confirmed" (nothing sent); refused: too many this hour. */
export type ResendResult = Ok<"sent" | "already_confirmed"> | Err<"limited", { retryAfterSeconds: number }>;

export type AccountOverview = {
  advertisements: { active: number; started: number; total: number };
  notifications: { new: number; total: number };
  lastBids: OverviewBid[];
  endingSoon: OverviewWatched[];
  verified: boolean;
  quota: ListingQuota;
  email: { address: string; confirmed: boolean };
  /** The user's group discount (docs/product/fees.md, "Group discounts"), null when none applies. */
  discount: { group: string; percent: number } | null;
};

/** A new e-mail confirmation link, at most CONFIRMATION_RESENDS_PER_HOUR times an hour. */
async function resendConfirmation(
  resends: RateLimiter,
  resend: ResendConfirmation,
  userId: number,
): Promise<ResendResult> {
  const key = String(userId);
  const wait = await resends.wait(key);
  if (wait > 0) return err("limited", { retryAfterSeconds: wait });
  await resends.attempt(key);
  const sent = await resend(userId);
  return ok(sent ? "sent" : "already_confirmed");
}

/**
 * The account overview (/ucet/prehled): one read of everything the page shows. Statistics,
 * notifications, the bids and the watched products come from their modules, as the functions
 * server/services.ts passes in (OverviewSources).
 */
export function createAccountOverviewService(
  deps: OverviewSources & {
    quota: Pick<ListingQuotaService, "usage">;
    /** The credentials module's resend of the confirmation link. */
    resendConfirmationLink: ResendConfirmation;
    now?: () => Date;
  },
) {
  const now = deps.now ?? (() => new Date());
  const resends = new RateLimiter({
    name: "confirmation-resend:account",
    limit: CONFIRMATION_RESENDS_PER_HOUR,
    windowMs: 3600_000,
    now: () => now().getTime(),
  });

  return {
    resendConfirmation: (userId: number) => resendConfirmation(resends, deps.resendConfirmationLink, userId),

    async overview(user: AuthUser, locale: Locale): Promise<AccountOverview> {
      const [advertisements, notifications, bidsList, watched, quota] = await Promise.all([
        deps.advertisementStatistics(user.id),
        deps.notificationCounts(user.id),
        lastBids(deps, user.id, locale),
        endingSoon(deps, user.id, locale, now),
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
