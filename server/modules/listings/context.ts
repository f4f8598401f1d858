import type { Db } from "#server/db/client.ts";
import type { Logger } from "#server/logger.ts";
import type { SearchTextScope } from "#server/modules/catalog/index.ts";
import type { ListingImageStore } from "#server/modules/listing-photos/index.ts";
import type { ImageVariants, UploadLimiter } from "../media/index.ts";
import type { MessagesService, Notifier } from "../messages/index.ts";
import type { SettingsService } from "../settings/index.ts";
import type { ListingQuotaService } from "../users/index.ts";
import type { ListingAttributesHook } from "./attributes-hook.ts";
import type { SellerGate } from "./contracts.ts";
import type { ListingEvidenceHook } from "./evidence-hook.ts";
import type { ListingScheduler } from "./types.ts";

export type ListingsServiceDeps = {
  db: Db;
  settings: Pick<SettingsService, "get">;
  /** The free quota of unverified accounts (the users module's listing quota). */
  quota: Pick<ListingQuotaService, "canAddListing">;
  scheduler: ListingScheduler;
  /** The search text of changed products (the read side's catalogue service passes it on). */
  catalog: { refreshSearchText(scope: SearchTextScope): Promise<unknown> };
  images: ListingImageStore;
  variants?: Pick<ImageVariants, "get">;
  /** Conversations (write to the seller) and notices (awaiting payment, paid, sold to you): the messages module. */
  conversations: Pick<MessagesService, "startThread">;
  notifier: Pick<Notifier, "notify">;
  /** Uploads per user and window, shared with the avatars (media/uploads.ts); its own when absent. */
  uploads?: UploadLimiter;
  logger?: Pick<Logger, "warn" | "error">;
  /**
   * A live deal through the site holds the listing ("Koupit", the deals module's hook, wired in
   * server/wiring): its seller may not withdraw it nor sell it to someone else meanwhile.
   */
  dealHolds?: (tx: Db, productId: number) => Promise<boolean>;
  /** A spirit's evidence of authenticity (the listing-evidence module's hook, wired in server/wiring). */
  evidence?: ListingEvidenceHook;
  /** The structured attributes per category (the listing-attributes module's hook, wired in server/wiring). */
  attributes?: ListingAttributesHook;
  /**
   * Whether the seller's declaration lets them publish (the traders module's `publishRefusal`,
   * wired in server/wiring; issue 36, item 2): a code of core/contracts/traders.ts, or null.
   */
  sellerGate?: SellerGate;
  now?: () => Date;
};

/** What every use case of the seller's listings works with: the deps, with the defaults filled in. */
export type ListingsContext = Omit<ListingsServiceDeps, "uploads" | "now"> & {
  uploads: UploadLimiter;
  now: () => Date;
};
