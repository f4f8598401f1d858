import type {
  AttributeValues,
  BottlingReports,
  BottlingResults,
  DescribeAttributes,
} from "#core/contracts/bottlings.ts";
import { BOTTLING_ATTRIBUTE_KEYS } from "#core/contracts/bottlings.ts";
import { isMessageKey, type Locale, translate } from "#core/i18n/index.ts";
import { recordAudit } from "#server/modules/admin/index.ts";
import {
  type BottlingsPorts,
  createBottlingsService,
  registerBottlingJobs,
} from "#server/modules/bottlings/index.ts";
import { type CatalogService, listingMatchFacts } from "#server/modules/listing-reads/index.ts";
import type { Notifier } from "#server/modules/messages/index.ts";
import type { Base } from "./base.ts";

/** Statuses whose product page is public: a bottling's photos come from them. */
const PUBLIC_STATUSES = ["active", "ended", "sold"] as const;

/**
 * The bottlings' own labels of the shared vocabulary's keys (core/i18n/ui/bottlings.json): the
 * default `describeAttributes` where no attribute definitions are wired (wiring/collector-data.ts
 * wires the listing attributes' definitions).
 */
export const describeWithOwnLabels: DescribeAttributes = async (values: AttributeValues, locale: Locale) => {
  const number = new Intl.NumberFormat(locale === "cs" ? "cs-CZ" : "en-GB", { maximumFractionDigits: 1 });
  return BOTTLING_ATTRIBUTE_KEYS.filter((key) => values[key] !== undefined && values[key] !== "").map(
    (key) => {
      const raw = values[key];
      const shown =
        typeof raw === "number" && key !== "vintage" && !key.endsWith("year")
          ? number.format(raw)
          : String(raw);
      const unit = `bottlings.units.${key}`;
      const byValue = `bottlings.units.${String(raw)}`;
      const value = isMessageKey(unit)
        ? translate(locale, unit, { value: shown })
        : key === "bottler_kind" && isMessageKey(byValue)
          ? translate(locale, byValue)
          : shown;
      const label = `bottlings.attributes.${key}`;
      return { key, label: isMessageKey(label) ? translate(locale, label) : key, value };
    },
  );
};

/** No results where the archive is not wired (wiring/collector-data.ts wires it). */
const noResults: BottlingResults = { resultsOf: async () => [], pricePoints: async () => [] };
/** Nobody hears of links and merges where the archive is not wired. */
const nobody: BottlingReports = { linked: async () => {}, merged: async () => {} };

/** The bottlings' `listingCards` port: the catalogue's cards of given ids, with how many pass. */
export function listingCardsOf(catalog: Pick<CatalogService, "givenCards">): BottlingsPorts["listingCards"] {
  return async (ids, locale, live, limit = 48) => {
    const { items, matched } = await catalog.givenCards({
      locale,
      ids: [...ids],
      statuses: live ? ["active"] : [...PUBLIC_STATUSES],
      // On sale now: bottles offered, not the wanted ads that name the same bottle.
      ...(live ? { types: ["supply" as const] } : {}),
      sort: "newest",
      perPage: limit,
    });
    return { cards: items, matched };
  };
}

/**
 * Bottlings (server/modules/bottlings; issue 37, items 3 and 6; ADR 0091). Its ports to the listing
 * attributes (`listingAttributes`, `describeAttributes`) and the archive of results (`results`,
 * `reports`) come from wiring/collector-data.ts; without them: no attributes, the bottlings' own
 * labels, no results, nobody told.
 */
export function wireBottlings(
  { db, jobs, logger }: Pick<Base, "db" | "jobs" | "logger">,
  {
    notifier,
    catalog,
    ports = {},
  }: { notifier: Notifier; catalog: CatalogService; ports?: Partial<BottlingsPorts> },
) {
  const bottlings = createBottlingsService({
    db,
    notifier,
    recordAudit,
    logger,
    ports: {
      listingFacts: listingMatchFacts,
      listingCards: listingCardsOf(catalog),
      listingAttributes: async () => new Map(),
      describeAttributes: describeWithOwnLabels,
      results: noResults,
      reports: nobody,
      ...ports,
    },
  });
  void registerBottlingJobs(jobs, bottlings, logger).catch((err) =>
    logger.error({ err }, "could not schedule the bottlings' jobs"),
  );
  return bottlings;
}
