import type { Db } from "#server/db/client.ts";

/** What the newsletter reads of the listings module: which of the chosen categories exist. */
export type NewsletterReads = {
  /** The categories of `ids` that exist, by id. */
  categorySummaries(executor: Db, ids: number[]): Promise<Map<number, unknown>>;
};
