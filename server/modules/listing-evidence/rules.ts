import type { EvidenceFormRules } from "#core/contracts/listing-evidence.ts";
import { DEFAULT_EVIDENCE_THRESHOLD_MINOR } from "#core/rules/listing-evidence.ts";
import { SETTING_SPECS } from "#core/schemas/settings.ts";
import type { Db } from "#server/db/client.ts";
import { loadCategories } from "#server/modules/catalog/index.ts";
import type { SettingsService } from "../settings/index.ts";

export type SettingsReader = Pick<SettingsService, "get">;

/**
 * The `authenticityEvidence` setting as the rules read it: the spirits' categories with every
 * category below them, and the threshold. Not set (or malformed, which the back office never
 * saves): no category is a spirit's and the threshold is 5 000 Kč.
 */
export async function evidenceRules(db: Db, settings: SettingsReader): Promise<EvidenceFormRules> {
  const parsed = SETTING_SPECS.authenticityEvidence.schema.safeParse(
    await settings.get("authenticityEvidence"),
  );
  const setting = parsed.success ? parsed.data : null;
  const roots = new Set(setting?.categoryIds ?? []);
  const auctionThresholdMinor = setting?.auctionThresholdMinor ?? DEFAULT_EVIDENCE_THRESHOLD_MINOR;
  if (roots.size === 0) return { spiritCategoryIds: [], auctionThresholdMinor };
  // The active tree, parents first (by depth): a category is a spirit's when it or a parent is named.
  const rows = await loadCategories(db, "cs");
  const spirit = new Set<number>();
  for (const row of rows)
    if (roots.has(row.id) || (row.parentId !== null && spirit.has(row.parentId))) spirit.add(row.id);
  return { spiritCategoryIds: [...spirit], auctionThresholdMinor };
}
