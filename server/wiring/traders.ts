import type { AresRegister } from "#core/contracts/ares.ts";
import { createConfiguredAres } from "#server/adapters/ares/start.ts";
import { recordAudit } from "#server/modules/admin/index.ts";
import type { Notifier } from "#server/modules/messages/index.ts";
import { createTradersService, registerTraderJobs } from "#server/modules/traders/index.ts";
import type { Base } from "./base.ts";

/**
 * The sellers' declarations (server/modules/traders, issue 36, item 2; ADR 0085): checked against
 * ARES (the configured adapter, or a test's register), with the nightly retention of ended
 * accounts' trader data. Wired before the listings, whose publishing gate it is.
 */
export function wireTraders(
  { db, jobs, config, logger }: Base,
  { notifier, ares }: { notifier: Notifier; ares?: AresRegister },
) {
  const traders = createTradersService({
    db,
    ares: ares ?? createConfiguredAres(config),
    notifier,
    recordAudit,
  });
  void registerTraderJobs(jobs, { db, logger }).catch((err) =>
    logger.error({ err }, "could not register the traders' jobs"),
  );
  return { traders };
}
