import type { Db } from "#server/db/client.ts";

/**
 * The account whose data is exported or erased. Besides the id it carries the address, since some
 * rows are kept by address (a newsletter subscription made before the account existed).
 */
export type DataSubject = { userId: number; email: string };

/** The subject of an erasure, with the deletion's one instant (every row it touches shows the same time). */
export type ErasureSubject = DataSubject & { at: Date };

/**
 * The names of the listings a module's rows are about, for its export (the listings module's
 * names, passed in by services.ts to the modules below it: bidding, wishlist).
 */
export type ProductNames = (ids: number[]) => Promise<Map<number, string>>;

/** Named sections of the data export, each plain JSON (money in CZK minor units). */
export type ExportSections = Record<string, unknown>;

/**
 * What a module keeps about a user, for the GDPR export (art. 15 and 20) and for the deletion of
 * the account (docs/architecture.md, "Personal data"). Each module that keeps rows about a user
 * has one (server/modules/<m>/personal-data.ts); the account-data use cases of `users` compose
 * them, so no module reads another's tables to export or erase.
 */
export type PersonalDataSource = {
  /** The module, for tests and logs. */
  name: string;
  /** The sections the export shows of this module's rows. */
  exportFor(subject: DataSubject): Promise<ExportSections>;
  /**
   * What deleting the account does to this module's rows, inside the deletion's transaction. May
   * answer facts the deletion's audit record keeps (e.g. which listings it cancelled).
   */
  eraseFor(tx: Db, subject: ErasureSubject): Promise<Record<string, unknown> | undefined>;
};
