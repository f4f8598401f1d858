import { type DealFees, readDealFees } from "#core/rules/deal-fees.ts";
import { SETTING_SPECS } from "#core/schemas/settings.ts";
import type { SettingsService } from "../settings/index.ts";

type SettingsReader = Pick<SettingsService, "get">;

/**
 * The fees of deals through the site when deals are available, else null: the `deals` setting
 * switched on and valid (docs/product/deals.md, "The `deals` setting"). A malformed setting reads
 * as off: the site must not offer a deal whose fee it would have to guess.
 *
 * The one place that decides whether deals are offered: the listing form's delivery section, the
 * product page's all-in total and the bid confirmation ask it. Without a configured payment
 * provider (issue 35, item 3) no deal can be paid, so none is offered either.
 */
export async function availableDealFees(
  settings: SettingsReader,
  providerConfigured = true,
): Promise<DealFees | null> {
  if (!providerConfigured) return null;
  const parsed = SETTING_SPECS.deals.schema.safeParse(await settings.get("deals"));
  if (!parsed.success || !parsed.data.enabled) return null;
  return readDealFees(parsed.data);
}

/** Whether deals through the site are offered now (see `availableDealFees`). */
export async function dealsAvailable(settings: SettingsReader, providerConfigured = true): Promise<boolean> {
  return (await availableDealFees(settings, providerConfigured)) !== null;
}
