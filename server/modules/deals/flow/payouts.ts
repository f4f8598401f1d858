import type { Locale } from "#core/i18n/index.ts";
import { onboardingUrl, payoutAccountOf, syncSellerAccount } from "../seller-accounts.ts";
import type { FlowContext } from "./context.ts";

/** The seller's side of the money (issue 35, item 3): the provider's identity check, then payouts. */
export function payoutSteps(ctx: FlowContext) {
  const { db, marketplace } = ctx;
  return {
    /** The seller's way to the provider's identity check; null where there is no provider. */
    async payoutOnboarding(seller: { userId: number; email: string }, locale: Locale) {
      if (!marketplace) return null;
      const back = `${ctx.publicUrl}${locale === "en" ? "/en/account/sales" : "/ucet/prodeje"}`;
      return onboardingUrl(db, marketplace, seller, {
        returnUrl: `${back}?payouts=returned`,
        refreshUrl: back,
      });
    },

    /** The seller's payout account, read again from the provider (back from its pages). */
    async payoutAccount(userId: number, refresh = false) {
      const account = await payoutAccountOf(db, userId);
      if (account && refresh && marketplace) {
        if ((await syncSellerAccount(db, marketplace, account.accountId)) > 0) await ctx.kickCalls();
        return payoutAccountOf(db, userId);
      }
      return account;
    },
  };
}
