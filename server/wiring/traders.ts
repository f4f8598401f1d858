import { createConfiguredAres } from "#server/adapters/ares/start.ts";
import { recordAudit } from "#server/modules/admin/index.ts";
import type { Notifier } from "#server/modules/messages/index.ts";
import { createTradersService, registerTraderJobs } from "#server/modules/traders/index.ts";
import type { Base } from "./base.ts";

/**
 * The sellers' declarations (server/modules/traders, issue 36, item 2; ADR 0085): checked against
 * the configured ARES (ARES_URL, or the simulator the process entry started), with the nightly
 * retention of ended accounts' trader data. Wired with the listings, whose publishing gate it is
 * (server/wiring/listings-and-auctions.ts).
 */
export function wireTraders(
  { db, jobs, config, logger }: Pick<Base, "db" | "jobs" | "config" | "logger">,
  notifier: Pick<Notifier, "notify">,
) {
  const traders = createTradersService({ db, ares: createConfiguredAres(config), notifier, recordAudit });
  void registerTraderJobs(jobs, { db, logger }).catch((err) =>
    logger.error({ err }, "could not register the traders' jobs"),
  );
  return traders;
}
