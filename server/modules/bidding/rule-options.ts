import { type BidRange, isBidTable } from "#core/rules/bid-step.ts";
import type { SettingsService } from "../settings/index.ts";
import { type AuctionRuleOptions, DEFAULT_SOFT_CLOSE_MS } from "./rules.ts";

/**
 * The bid table and the soft-close window from the settings; null while the bid table is missing
 * (no bid is taken then). They are read on every bid: a short cache keeps a hot auction from
 * reading the settings table per bid, and an admin's change applies within seconds.
 */
export function createRuleOptions(settings: Pick<SettingsService, "list">) {
  let cache: { options: AuctionRuleOptions | null; until: number } | null = null;
  return async function ruleOptions(): Promise<AuctionRuleOptions | null> {
    if (cache && cache.until > Date.now()) return cache.options;
    const entries = await settings.list("cs");
    const table = entries.find((entry) => entry.name === "bid")?.value;
    const softClose = entries.find((entry) => entry.name === "softClose")?.value as
      | { minutes?: unknown }
      | undefined;
    const minutes = typeof softClose?.minutes === "number" ? softClose.minutes : null;
    const options = isBidTable(table)
      ? {
          bidTable: table as BidRange[],
          softCloseMs: minutes === null ? DEFAULT_SOFT_CLOSE_MS : minutes * 60_000,
        }
      : null;
    cache = { options, until: Date.now() + 2000 };
    return options;
  };
}

export type RuleOptions = ReturnType<typeof createRuleOptions>;
