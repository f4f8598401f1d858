import { type BidRange, isBidTable } from "#core/rules/bid-step.ts";
import type { SettingsService } from "../settings/index.ts";
import { type AuctionRuleOptions, DEFAULT_SOFT_CLOSE_MS } from "./rules.ts";

/**
 * The bid table and the soft-close window from the settings; null while the bid table is missing
 * (no bid is taken then). They are read on every bid from the settings service, which keeps them
 * in memory until a change is announced (ADR 0028), so a hot auction does not read the settings
 * table per bid and an admin's change applies to the next bid.
 */
export function createRuleOptions(settings: Pick<SettingsService, "list">) {
  return async function ruleOptions(): Promise<AuctionRuleOptions | null> {
    const entries = await settings.list("cs");
    const table = entries.find((entry) => entry.name === "bid")?.value;
    const softClose = entries.find((entry) => entry.name === "softClose")?.value as
      | { minutes?: unknown }
      | undefined;
    const minutes = typeof softClose?.minutes === "number" ? softClose.minutes : null;
    return isBidTable(table)
      ? {
          bidTable: table as BidRange[],
          softCloseMs: minutes === null ? DEFAULT_SOFT_CLOSE_MS : minutes * 60_000,
        }
      : null;
  };
}

export type RuleOptions = ReturnType<typeof createRuleOptions>;
