import type { ProductFormat, ProductStatus } from "#core/contracts/catalog.ts";
import type { NotificationKind } from "#core/contracts/messages.ts";
import type { Locale } from "#core/i18n/index.ts";
import type { Db } from "#server/db/client.ts";

/*
 * What the messages module reads and changes of other modules' data, as function types: the
 * composition root (server/services.ts) passes the owners' functions in (the users module's
 * recipients, names and e-mail switches; the listings module's product summaries). The modules
 * that notify users (bidding, listings, payments) build on this one, so it imports none of them.
 * Every function takes the executor first: inside a transaction, the transaction.
 */

/** The recipient of a notice or a notice mail. */
export type Recipient = {
  id: number;
  email: string;
  username: string;
  firstname: string | null;
  locale: Locale;
  /** The stored e-mail switches per notice kind (a missing kind is on). */
  preferences: Record<string, boolean>;
  deleted: boolean;
};

/** Another user next to a conversation or a message. */
export type PersonName = { id: number; username: string; avatarFileName: string | null; deleted: boolean };

export type UserReads = {
  /** The users of `ids` that exist, by id. */
  recipientsOf(executor: Db, ids: number[]): Promise<Map<number, Recipient>>;
  /** The users of `ids` that exist, ordered by username (the database's order). */
  publicNamesOf(executor: Db, ids: number[]): Promise<PersonName[]>;
};

export type NotificationSwitches = {
  /** Merges the switches given into the user's; all of them as stored, null for no such user. */
  saveNotificationSwitches(
    executor: Db,
    userId: number,
    changes: Record<string, boolean>,
  ): Promise<Record<string, boolean> | null>;
  /** Switches one kind off for a live account; its e-mail, null for no such (live) account. */
  switchOffNotification(executor: Db, userId: number, kind: string): Promise<{ email: string } | null>;
};

/** The product of a conversation or a notice. */
export type ProductFacts = {
  id: number;
  nameCs: string;
  nameEn: string | null;
  slugCs: string;
  slugEn: string | null;
  categorySlugCs: string | null;
  categorySlugEn: string | null;
  format: ProductFormat;
  status: ProductStatus;
  priceMinor: number | null;
  startPriceMinor: number | null;
  currentPriceMinor: number | null;
  bidCount: number;
  sellerId: number | null;
  winnerId: number | null;
  image: string | null;
};

export type ProductReads = {
  /** The products of `ids` that exist, by id. */
  productSummaries(executor: Db, ids: number[]): Promise<Map<number, ProductFacts>>;
};

/** One user's recipient row, or null. */
export async function recipientOf(users: Pick<UserReads, "recipientsOf">, executor: Db, userId: number) {
  return (await users.recipientsOf(executor, [userId])).get(userId) ?? null;
}

/** What a pushed notice carries, in the recipient's language (ADR 0110). */
export type PushedNotice = {
  kind: NotificationKind;
  /** Unique per notice: a retried job or a second delivery never pushes it twice. */
  key: string;
  title: string;
  body: string;
  /** A path of our site. */
  href: string;
};

/**
 * The push module's outbox (server/modules/push): in the notice's transaction, queues its push when
 * the user wants this kind pushed and has a browser subscribed.
 */
export type PushOutbox = {
  enqueue(tx: Db, userId: number, notice: PushedNotice): Promise<boolean>;
};
