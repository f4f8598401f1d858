import type { Db } from "../client.ts";
import type { Logger } from "../../logger.ts";

export type DemoAccount = { role: string; email: string; password: string };

/** Loads the demo catalogue into an empty database; returns the demo accounts to print. */
export async function seedDemoIfEmpty(_db: Db, _options: { dataDir: string; logger: Logger }): Promise<DemoAccount[]> {
  return [];
}
