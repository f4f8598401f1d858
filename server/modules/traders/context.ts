import type { AresRegister } from "#core/contracts/ares.ts";
import type { Db } from "#server/db/client.ts";
import type { RateLimiter } from "#server/lib/rate-limit.ts";
import type { Notifier } from "../messages/index.ts";

/** What the traders' use cases work with (services.ts passes it in). */
export type TradersContext = {
  db: Db;
  /** The Czech business register (server/adapters/ares): the real ARES or its simulator. */
  ares: AresRegister;
  /** ARES lookups per seller: a form's "Načíst z ARES" and saves, so nobody drives ARES through us. */
  lookups: RateLimiter;
  /** The seller is told of a suspension and its lifting (a system message and a mail). */
  notifier: Pick<Notifier, "notify">;
  now: () => Date;
};
