import type { NotificationKind } from "#core/contracts/messages.ts";
import { isMessageKey, type KeysUnder, type Locale, translate } from "#core/i18n/index.ts";
import { localePath, type PageName, type PathParams } from "#core/i18n/paths.ts";
import type { Mailer, OutgoingMail } from "#server/adapters/mail.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { greetingName, type MailContent, renderMail } from "../mail/index.ts";
import { announce } from "./announce.ts";
import { type ProductReads, type PushOutbox, recipientOf, type UserReads } from "./ports.ts";
import { productLinks } from "./product-links.ts";
import { addSystemMessage } from "./threads.ts";
import { createUnsubscribeLinks, type UnsubscribeLink } from "./unsubscribe-links.ts";

/**
 * Notices: one `notify(tx, userId, kind, params)` for every event a user hears of (outbid, won,
 * sold, payment received, a new review, a watchdog's find...). It writes the system message into the
 * user's system thread (with the link to what it concerns), announces it on the user's live stream
 * and queues the e-mail in the user's language unless they switched the kind off; all in the
 * caller's transaction, so the notice exists if and only if the change it reports commits. Every
 * notice mail carries a one-click unsubscribe for its kind (unsubscribe-links.ts). A kind the user
 * wants pushed is queued to their browsers in the same transaction (the push module's outbox).
 */

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
  /** false: the system message only; the caller sends its own mail (moderation's statement of reasons). */
  mail?: false;
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
  unsubscribe(executor: Db, userId: number, kind: NotificationKind, locale: Locale): Promise<UnsubscribeLink>;
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

export type NotifierDeps = {
  db: Db;
  mail: Mailer;
  config: Pick<Config, "publicUrl">;
  /**
   * The users' and the listings' reads (server/services.ts passes them). Optional in the type only
   * because the bidding module still has a fallback that builds a notifier from db, mail and config
   * alone, which nothing reaches: a notifier without them refuses to be built.
   */
  users?: Pick<UserReads, "recipientsOf">;
  products?: ProductReads;
  /** Web push's outbox (ADR 0110); without it nothing is pushed. */
  push?: PushOutbox;
};

/** A push's body is a line on a lock screen: the notice's first sentences at most. */
const PUSH_BODY_MAX = 240;

/** The link of a notice in both languages, so the inbox shows it in whichever the reader uses. */
function noticeHref(link: NotifyParams["link"], productHref: Record<Locale, string> | undefined) {
  if (!link) return productHref ?? null;
  if ("href" in link) return link.href;
  return {
    cs: localePath(link.page, "cs", link.params) + (link.query ?? ""),
    en: localePath(link.page, "en", link.params) + (link.query ?? ""),
  };
}

export function createNotifier(deps: NotifierDeps): Notifier {
  const { mail, config, users, products } = deps;
  if (!users || !products) throw new Error("createNotifier needs the users' and the listings' reads");
  const links = createUnsubscribeLinks(deps.db, config);

  const notifier: Notifier = {
    unsubscribe: links.unsubscribe,
    verifyToken: links.verifyToken,

    async sendMail(tx, to, kind, content) {
      const t = (key: KeysUnder<"messages.mail">, values?: Record<string, string | number>) =>
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
      const user = await recipientOf(users, tx, userId);
      if (!user || user.deleted) return null;
      const product =
        params.productId != null
          ? (await productLinks(products, tx, [params.productId])).get(params.productId)
          : undefined;
      const values = { person: greetingName(user), ...params.values, name: product?.name[user.locale] ?? "" };
      const base = params.variant ? `messages.notice.${kind}.${params.variant}` : `messages.notice.${kind}`;
      // Kinds and variants arrive as data: a key the catalogue lacks shows as itself, as before.
      const t = (key: string) => {
        const full = `${base}.${key}`;
        return isMessageKey(full) ? translate(user.locale, full, values) : full;
      };
      const href = noticeHref(params.link, product?.href);
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
      await deps.push?.enqueue(tx, userId, {
        kind,
        key: `notice-${added.messageId}`,
        title: t("subject"),
        body: t("message").slice(0, PUSH_BODY_MAX),
        href: href?.[user.locale] ?? localePath("accountMessages", user.locale),
      });
      const wanted = params.mail !== false && user.preferences[kind] !== false;
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
