import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import {
  isNotificationKind,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPreferences,
} from "#core/contracts/messages.ts";
import { type Locale, translate } from "#core/i18n/index.ts";
import { localePath, type PageName, type PathParams } from "#core/i18n/paths.ts";
import type { Mailer, OutgoingMail } from "#server/adapters/mail.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { products } from "../listings/tables/products.ts";
import { categories } from "../listings/tables/taxonomy.ts";
import { greetingName, type MailContent, renderMail } from "../mail/index.ts";
import { users } from "../users/tables.ts";
import { signingKeys } from "./tables.ts";
import { addSystemMessage } from "./threads.ts";

/**
 * Notices: one `notify(tx, userId, kind, params)` for every event a user hears of (outbid, won,
 * sold, payment received, a new review, a watchdog's find...). It writes the system message into the
 * user's system thread (with the link to what it concerns), announces it on the user's live stream
 * and queues the e-mail in the user's language unless they switched the kind off; all in the
 * caller's transaction, so the notice exists if and only if the change it reports commits.
 *
 * Every notice mail carries a one-click unsubscribe for its kind: a signed token (user and kind,
 * HMAC with a key kept in the database) in a link that works without login, and the RFC 8058
 * headers `List-Unsubscribe` and `List-Unsubscribe-Post`.
 */

/** The NOTIFY channel of per-user events; payloads carry ids only (`{ userId, threadId }`). */
export const USER_EVENTS_CHANNEL = "user_events";

/** Announces a change of a user's inbox to their open pages (delivered on commit only). */
export async function announce(tx: Db, userId: number, threadId: number | null) {
  await tx.execute(sql`select pg_notify(${USER_EVENTS_CHANNEL}, ${JSON.stringify({ userId, threadId })})`);
}

export type NotifyParams = {
  /** The product the notice is about: its name fills `{name}`, its page is the default link. */
  productId?: number | null;
  /** The page the notice links to instead of the product's (a named page, or paths in both languages). */
  link?: { page: PageName; params?: PathParams; query?: string } | { href: Record<Locale, string> };
  /** Values for the texts (`{price}`, `{buyer}`, `{minutes}`...). */
  values?: Record<string, string | number>;
  /** Stored with the message for clients (thread id, bid id...). */
  payload?: Record<string, unknown>;
  /** A notice with the same kind and key is written once (a retried job). */
  onceKey?: string;
  /** A variant of the kind's texts (`messages.notice.<kind>.<variant>.*`), e.g. a paid listing now live or scheduled. */
  variant?: string;
};

export type NotifyResult = { threadId: number; messageId: number; mailed: boolean } | null;

export type Notifier = {
  notify(
    tx: Db,
    userId: number,
    kind: Exclude<NotificationKind, "message">,
    params?: NotifyParams,
  ): Promise<NotifyResult>;
  /** The one-click unsubscribe link and headers of a mail of `kind` to `userId` (signing key read through `executor`). */
  unsubscribe(
    executor: Db,
    userId: number,
    kind: NotificationKind,
    locale: Locale,
  ): Promise<{
    url: string;
    headers: Record<string, string>;
  }>;
  /** A token's user and kind; null when it was not signed by us. */
  verifyToken(token: string): Promise<{ userId: number; kind: NotificationKind } | null>;
  /** Renders and queues a notice mail with its unsubscribe footer and headers. */
  sendMail(
    tx: Db,
    to: { id: number; email: string; locale: Locale },
    kind: NotificationKind,
    content: Omit<MailContent, "locale" | "siteUrl" | "footer">,
  ): Promise<void>;
};

/** The recipient as a notice needs them. */
export type Recipient = {
  id: number;
  email: string;
  username: string;
  firstname: string | null;
  locale: Locale;
  preferences: Record<string, boolean>;
  deleted: boolean;
};

export async function recipientOf(executor: Db, userId: number): Promise<Recipient | null> {
  const [row] = await executor
    .select({
      id: users.id,
      email: users.email,
      username: users.username,
      firstname: users.firstname,
      locale: users.locale,
      preferences: users.notificationPreferences,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    firstname: row.firstname,
    locale: row.locale === "en" ? "en" : "cs",
    preferences: row.preferences ?? {},
    deleted: row.deletedAt !== null,
  };
}

/** A user's switches: every kind, on unless they turned it off. */
export function preferencesOf(stored: Record<string, boolean> | null | undefined): NotificationPreferences {
  return Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, stored?.[kind] !== false]),
  ) as NotificationPreferences;
}

/** A product's name and detail path in both languages (system messages render in either). */
export async function productLinks(executor: Db, productIds: number[]) {
  if (productIds.length === 0)
    return new Map<number, { name: Record<Locale, string>; href: Record<Locale, string> }>();
  const rows = await executor
    .select({
      id: products.id,
      nameCs: products.nameCs,
      nameEn: products.nameEn,
      slugCs: products.slugCs,
      slugEn: products.slugEn,
      categorySlugCs: categories.slugCs,
      categorySlugEn: categories.slugEn,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(inArray(products.id, [...new Set(productIds)]));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        name: { cs: row.nameCs, en: row.nameEn || row.nameCs },
        href: {
          cs: localePath("product", "cs", { id: row.id, category: row.categorySlugCs, product: row.slugCs }),
          en: localePath("product", "en", {
            id: row.id,
            category: row.categorySlugEn || row.categorySlugCs,
            product: row.slugEn || row.slugCs,
          }),
        },
      },
    ]),
  );
}

const UNSUBSCRIBE_KEY = "notification-unsubscribe";

const sign = (secret: string, text: string) => createHmac("sha256", secret).update(text).digest("base64url");

export function createNotifier(deps: { db: Db; mail: Mailer; config: Pick<Config, "publicUrl"> }): Notifier {
  const { db, mail, config } = deps;
  // Cached only once read back as committed: a key inserted by a transaction that then rolled back
  // must not sign links nobody can verify.
  let cachedKey: string | null = null;

  async function signingKey(executor: Db): Promise<string> {
    if (cachedKey) return cachedKey;
    const [inserted] = await executor
      .insert(signingKeys)
      .values({ name: UNSUBSCRIBE_KEY, secret: randomBytes(32).toString("base64url") })
      .onConflictDoNothing()
      .returning({ secret: signingKeys.secret });
    if (inserted) return inserted.secret;
    const [row] = await executor
      .select({ secret: signingKeys.secret })
      .from(signingKeys)
      .where(eq(signingKeys.name, UNSUBSCRIBE_KEY))
      .limit(1);
    cachedKey = row.secret;
    return row.secret;
  }

  const notifier: Notifier = {
    async unsubscribe(executor, userId, kind, locale) {
      const secret = await signingKey(executor);
      const token = `${userId}.${kind}.${sign(secret, `${userId}.${kind}`)}`;
      const url = `${config.publicUrl}${localePath("notificationsUnsubscribe", locale, { token })}`;
      // RFC 8058: the mail client POSTs `List-Unsubscribe=One-Click` to the link, whose page's
      // action switches the kind off without a login.
      return {
        url,
        headers: { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
      };
    },

    async verifyToken(token) {
      const match = /^(\d{1,10})\.([a-z_]{1,40})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match || !isNotificationKind(match[2])) return null;
      const userId = Number(match[1]);
      const [row] = await db
        .select({ secret: signingKeys.secret })
        .from(signingKeys)
        .where(eq(signingKeys.name, UNSUBSCRIBE_KEY))
        .limit(1);
      if (!row) return null;
      const expected = Buffer.from(sign(row.secret, `${userId}.${match[2]}`));
      const given = Buffer.from(match[3]);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      return { userId, kind: match[2] };
    },

    async sendMail(tx, to, kind, content) {
      const t = (key: string, values?: Record<string, string | number>) =>
        translate(to.locale, `messages.mail.${key}`, values);
      const link = await notifier.unsubscribe(tx, to.id, kind, to.locale);
      const rendered = renderMail({
        ...content,
        locale: to.locale,
        siteUrl: config.publicUrl,
        footer: [
          {
            text: t("unsubscribe", { kind: translate(to.locale, `messages.kinds.${kind}.label`) }),
            link: { label: t("unsubscribeLink"), url: link.url },
          },
        ],
      });
      const outgoing: OutgoingMail = { to: to.email, ...rendered, headers: link.headers };
      await mail.send(outgoing, { tx });
    },

    async notify(tx, userId, kind, params = {}) {
      const user = await recipientOf(tx, userId);
      if (!user || user.deleted) return null;
      const product =
        params.productId != null
          ? (await productLinks(tx, [params.productId])).get(params.productId)
          : undefined;
      const values = { person: greetingName(user), ...params.values, name: product?.name[user.locale] ?? "" };
      const base = params.variant ? `messages.notice.${kind}.${params.variant}` : `messages.notice.${kind}`;
      const t = (key: string) => translate(user.locale, `${base}.${key}`, values);
      // The link in both languages, so the inbox shows it in whichever the reader uses.
      const link = params.link;
      const href: Record<Locale, string> | null = !link
        ? (product?.href ?? null)
        : "href" in link
          ? link.href
          : {
              cs: localePath(link.page, "cs", link.params) + (link.query ?? ""),
              en: localePath(link.page, "en", link.params) + (link.query ?? ""),
            };
      const added = await addSystemMessage(tx, {
        userId,
        event: kind,
        body: t("message"),
        payload: {
          ...params.payload,
          ...params.values,
          ...(params.productId != null ? { productId: params.productId } : {}),
          ...(product ? { productName: product.name[user.locale], names: product.name } : {}),
          ...(href ? { href } : {}),
          ...(params.variant ? { variant: params.variant } : {}),
        },
        onceKey: params.onceKey,
      });
      if (!added) return null;
      await announce(tx, userId, added.threadId);
      const wanted = user.preferences[kind] !== false;
      if (wanted) {
        await notifier.sendMail(tx, user, kind, {
          subject: t("subject"),
          paragraphs: [translate(user.locale, "messages.mail.greeting", values), t("text")],
          action: href ? { label: t("button"), url: config.publicUrl + href[user.locale] } : undefined,
          closing: [translate(user.locale, "messages.mail.signature")],
        });
      }
      return { ...added, mailed: wanted };
    },
  };
  return notifier;
}
