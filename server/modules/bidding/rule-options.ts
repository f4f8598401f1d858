import { type BidRange, isBidTable } from "#core/rules/bid-step.ts";
import {
  BUY_NOW_DEFAULTS,
  type BuyNowSetting,
  MONTHLY_CLOSE_DEFAULTS,
  type MonthlyCloseSetting,
  SETTING_SPECS,
  type SettingName,
} from "#core/schemas/settings.ts";
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
          buyNow: settingOr(entries, "buyNow", BUY_NOW_DEFAULTS),
        }
      : null;
  };
}

export type RuleOptions = ReturnType<typeof createRuleOptions>;

/**
 * A shared setting's value checked by its schema, or the defaults when it is missing or broken:
 * buy-it-now and the monthly close work with their documented defaults until the operator saves
 * their own (docs/product/auctions.md).
 */
function settingOr<T>(entries: { name: string; value: unknown }[], name: SettingName, defaults: T): T {
  const parsed = SETTING_SPECS[name].schema.safeParse(entries.find((entry) => entry.name === name)?.value);
  return parsed.success ? (parsed.data as T) : defaults;
}

/** The `buyNow` and `monthlyClose` settings, read like the bid table (kept in memory until changed). */
export function createAuctionSettings(settings: Pick<SettingsService, "list">) {
  return {
    async buyNow(): Promise<BuyNowSetting> {
      return settingOr(await settings.list("cs"), "buyNow", BUY_NOW_DEFAULTS);
    },
    async monthlyClose(): Promise<MonthlyCloseSetting> {
      return settingOr(await settings.list("cs"), "monthlyClose", MONTHLY_CLOSE_DEFAULTS);
    },
  };
}

export type AuctionSettings = ReturnType<typeof createAuctionSettings>;
