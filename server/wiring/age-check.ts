import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { AgeProofProvider } from "#core/contracts/age-proof.ts";
import { err } from "#core/result.ts";
import { AGE_CHECK_DEFAULTS, type AgeCheckSetting, SETTING_SPECS } from "#core/schemas/settings.ts";
import { createConfiguredAgeWallet } from "#server/adapters/age-wallet/index.ts";
import { createConfiguredBankIdentity } from "#server/adapters/bank-identity/index.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { createAgeCheckService } from "#server/modules/age-check/index.ts";
import { rootCategoryOf } from "#server/modules/catalog/index.ts";
import type { DealFlow } from "#server/modules/deals/index.ts";
import { productSummaries } from "#server/modules/listing-reads/index.ts";
import type { SettingsService } from "#server/modules/settings/index.ts";
import type { ShopPorts } from "#server/modules/shop/index.ts";
import type { Base } from "./base.ts";

/**
 * The age proof providers this site offers, in the order the age-check page shows them: the bank
 * identity when one is configured (or its simulator started), then any other adapter of the same
 * port (the EU wallet adds itself here). A test passes its own list.
 */
export function configuredAgeProofProviders(config: Config): AgeProofProvider[] {
  const providers = [createConfiguredBankIdentity(config), createConfiguredAgeWallet(config)];
  return providers.filter((provider): provider is AgeProofProvider => provider !== null);
}

/**
 * The salt of the subjects' hashes: AGE_CHECK_SALT, else one made at the first start and kept in
 * <DATA_DIR>/age-check-salt (a restart must not let an identity verify its accounts again).
 */
export function ageCheckSalt(config: Pick<Config, "ageCheckSalt" | "dataDir">): string {
  if (config.ageCheckSalt) return config.ageCheckSalt;
  const file = path.join(config.dataDir, "age-check-salt");
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(32).toString("hex"), { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return fs.readFileSync(file, "utf8").trim();
}

async function ageCheckSetting(settings: SettingsService): Promise<AgeCheckSetting> {
  const parsed = SETTING_SPECS.ageCheck.schema.safeParse(await settings.get("ageCheck"));
  return parsed.success ? parsed.data : AGE_CHECK_DEFAULTS;
}

/**
 * The age check (server/modules/age-check, ADR 0083) and the gates the other areas are handed:
 * whether an account may bid or pay a deal (`ageVerified`) and whether a shop order may be placed
 * (`shopGate`: the restricted categories from the `ageCheck` setting). With no provider configured
 * nobody could pass the check, so the gates are off (the buyer's own 18+ declaration stays) and a
 * production start says so in its log.
 */
export function wireAgeCheck(
  { db, config, logger }: Base,
  { settings, providers: given }: { settings: SettingsService; providers?: AgeProofProvider[] },
) {
  const providers = given ?? configuredAgeProofProviders(config);
  const enabled = providers.length > 0;
  if (!enabled && config.env === "production")
    logger.warn("the age check is off: no age proof provider is configured (BANK_ID_ISSUER…)");
  const service = createAgeCheckService({
    db,
    providers,
    salt: ageCheckSalt(config),
    accountsPerIdentity: async () => (await ageCheckSetting(settings)).accountsPerIdentity,
    logger,
  });
  /** Whether any of these products is sold only to adults: its top category is not a free one. */
  async function ageRestricted(executor: Db, productIds: number[]): Promise<boolean> {
    const free = new Set((await ageCheckSetting(settings)).freeCategories);
    const summaries = await productSummaries(executor, productIds);
    for (const id of productIds) {
      const summary = summaries.get(id);
      if (!summary) return true;
      if (!free.has(await rootCategoryOf(executor, summary.categoryId))) return true;
    }
    return false;
  }
  /** Whether the checkout page must ask for the check before this order can be placed. */
  async function orderNeedsCheck(
    productIds: number[],
    who: { userId: number | null; checkoutKey: string | null },
  ) {
    if (!enabled || !(await ageRestricted(db, productIds))) return false;
    if (who.userId !== null && (await service.isVerified(who.userId))) return false;
    return !(who.checkoutKey !== null && (await service.checkoutCleared(who.checkoutKey)));
  }
  const shopGate: ShopPorts["ageCheck"] = enabled
    ? { restricted: ageRestricted, clearOrder: (tx, who) => service.clearOrder(tx, who) }
    : undefined;
  return {
    ageCheck: { ...service, enabled, orderNeedsCheck },
    /** The bidding's and the deals' question; none while the check is off. */
    ageVerified: enabled ? (userId: number) => service.isVerified(userId) : undefined,
    shopGate,
  };
}

/**
 * The deals with their pay step behind the age check (issue 36): a buyer who has not proved being
 * 18+ is refused `age_unverified` before the provider is asked, and the deal page sends them to
 * the check. The deals module (at its size limit) stays as it is; the gate is the composition's.
 */
export function withAgeGate(
  deals: DealFlow,
  ageVerified: ((userId: number) => Promise<boolean>) | undefined,
) {
  const startPayment = async (...args: Parameters<DealFlow["startPayment"]>) => {
    if (ageVerified && !(await ageVerified(args[1]))) return err("age_unverified");
    return deals.startPayment(...args);
  };
  return { ...deals, startPayment };
}

/** The deals' services with the pay step behind the age check, and the age check's own service. */
export function withAgeGates<S extends { deals: DealFlow }>(
  dealServices: S,
  age: Pick<ReturnType<typeof wireAgeCheck>, "ageCheck" | "ageVerified">,
) {
  const deals = withAgeGate(dealServices.deals, age.ageVerified);
  return { ...dealServices, deals, ageCheck: age.ageCheck } as Omit<S, "deals"> & {
    deals: typeof deals;
    ageCheck: typeof age.ageCheck;
  };
}
