import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { usePriceFormatter } from "#app/ui/dates-and-prices.ts";
import type { ThreadView } from "#core/contracts/messages.ts";
import type { PaymentRequestView } from "#core/contracts/payment-requests.ts";
import { localePath } from "#core/i18n/paths.ts";
import { MessageItem } from "./message-item.tsx";
import { PersonAvatar, ThreadPicture } from "./parts.tsx";
import { PaymentRequestCard } from "./payment-request-card.tsx";
import { PaymentRequestForm } from "./payment-request-form.tsx";
import { ReplyBox } from "./reply-box.tsx";
import type { ThreadActionData } from "./thread-actions.ts";

/** The conversation's payment requests and whether the viewer may send one (issue 35, item 1). */
type Requests = { items: PaymentRequestView[]; canSend: boolean } | null;

const SMALL_BUTTON =
  "inline-flex min-h-10 items-center justify-center rounded px-3.5 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-dark";

/** One thread of the inbox: who and what it is about, the messages, and the reply box. */
export function ThreadPane({
  thread,
  backHref,
  notice,
  requests = null,
  requestForm = null,
}: {
  thread: ThreadView;
  backHref: string;
  /** The outcome of the last action (sold, blocked...), said once above the messages. */
  notice: { ok: boolean; message: string } | null;
  requests?: Requests;
  /** A refused payment request form: its values and field errors. */
  requestForm?: Extract<ThreadActionData, { intent: "request" }> | null;
}) {
  const { t } = useTranslation();
  const system = thread.kind === "system";
  const name = system ? t("messages.system") : (thread.other?.username ?? t("messages.formerUser"));
  return (
    <article
      className="flex min-h-0 flex-col"
      data-testid="thread-view"
      data-thread-id={thread.id}
      aria-labelledby="thread-title"
    >
      <ThreadHeader thread={thread} name={name} backHref={backHref} />
      {thread.product && !system ? <ThreadProduct thread={thread} product={thread.product} /> : null}
      <DealPanel
        thread={thread}
        held={Boolean(requests && !requests.canSend && requests.items.some((r) => r.status === "accepted"))}
      />
      {requests?.canSend ? (
        <PaymentRequestForm
          refused={requestForm}
          hasOpen={requests.items.some((request) => request.status === "open")}
        />
      ) : null}
      {notice ? (
        <p
          role="status"
          className={`mx-4 mt-3 rounded-lg px-3 py-2 text-sm tablet:mx-5 ${notice.ok ? "bg-success/10 text-[#1f5c44]" : "bg-danger/10 text-danger"}`}
          data-testid="thread-notice"
        >
          {notice.message}
        </p>
      ) : null}
      <MessageList thread={thread} otherName={name} requests={requests} />
      <ReplyBox thread={thread} />
    </article>
  );
}

/**
 * The messages, the newest in view: on wide screens the list scrolls by itself (to its end when
 * the thread opens or grows); on phones the page scrolls, and only for a reply or a live arrival,
 * so opening a thread still shows who and what it is about first.
 */
function MessageList({
  thread,
  otherName,
  requests,
}: {
  thread: ThreadView;
  otherName: string;
  requests: Requests;
}) {
  const { t } = useTranslation();
  const firstUnread = thread.messages.findIndex((message) => message.unread);
  const list = useRef<HTMLOListElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const count = thread.messages.length;
  const seen = useRef<number | null>(null);
  useEffect(() => {
    const box = list.current;
    const grown = seen.current !== null && count > seen.current;
    seen.current = count;
    if (box && box.scrollHeight > box.clientHeight + 1) box.scrollTop = box.scrollHeight;
    else if (grown) end.current?.scrollIntoView({ block: "nearest" });
  }, [count]);
  return (
    <>
      <ol
        ref={list}
        className="flex flex-col gap-3 px-4 py-4 tablet:px-5 widescreen:max-h-[36rem] widescreen:overflow-y-auto"
        data-testid="thread-messages"
        aria-label={t("messages.thread.messages")}
      >
        {count === 0 ? (
          <li className="rounded-xl bg-light px-4 py-6 text-center text-sm text-muted">
            {t("messages.thread.empty")}
          </li>
        ) : null}
        {thread.messages.map((message, index) => {
          const request = requests?.items.find((item) => item.id === message.requestId);
          return request ? (
            <PaymentRequestCard key={message.id} request={request} mine={message.mine} />
          ) : (
            <MessageItem
              key={message.id}
              message={message}
              showUnreadLine={index === firstUnread}
              otherName={otherName}
            />
          );
        })}
      </ol>
      <div ref={end} />
    </>
  );
}

/** Back to the list (phones), who the other side is, and the thread's menu. */
function ThreadHeader({ thread, name, backHref }: { thread: ThreadView; name: string; backHref: string }) {
  const { t, locale } = useTranslation();
  const system = thread.kind === "system";
  const other = thread.other;
  return (
    <header className="flex items-center gap-3 border-b border-line px-4 py-3 tablet:px-5">
      <Link
        to={backHref}
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-primary-dark hover:bg-light focus-visible:outline-2 focus-visible:outline-primary-dark widescreen:hidden"
        data-testid="thread-back"
      >
        <span aria-hidden="true">←</span>
        <span className="sr-only">{t("messages.thread.back")}</span>
      </Link>
      {system ? <ThreadPicture product={null} system size="size-10" /> : <PersonAvatar person={other} />}
      <div className="min-w-0 flex-1">
        <h2
          id="thread-title"
          className="truncate font-serif text-xl text-primary-dark"
          data-testid="thread-title"
        >
          {system || !other?.username ? (
            name
          ) : (
            <Link to={localePath("userProfile", locale, { id: other.id })} className="hover:underline">
              {name}
            </Link>
          )}
        </h2>
        <p className="text-xs text-muted">
          {system
            ? t("messages.thread.systemLead")
            : thread.role === "seller"
              ? t("messages.thread.interested")
              : t("messages.thread.seller")}
        </p>
      </div>
      {!system && other ? <ThreadMenu thread={thread} /> : null}
    </header>
  );
}

/** The item the conversation is about: its picture, name, price and state. */
function ThreadProduct({
  thread,
  product,
}: {
  thread: ThreadView;
  product: NonNullable<ThreadView["product"]>;
}) {
  const { t, locale } = useTranslation();
  const price = usePriceFormatter();
  return (
    <div
      className="flex items-center gap-3 border-b border-line bg-light/60 px-4 py-3 tablet:px-5"
      data-testid="thread-product"
    >
      <ThreadPicture product={product} system={false} size="size-14" />
      <div className="min-w-0 flex-1">
        {product.url ? (
          <Link
            to={product.url}
            className="line-clamp-2 font-semibold text-ink hover:text-primary-dark hover:underline"
          >
            {product.name}
          </Link>
        ) : (
          <p className="line-clamp-2 font-semibold text-ink">{product.name}</p>
        )}
        <p className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <span className="font-serif font-bold text-primary-dark">
            {product.priceMinor === null ? t("catalog.card.byAgreement") : price(product.priceMinor)}
          </span>
          {product.status !== "active" ? (
            <span className="rounded-full bg-ink/8 px-2 py-0.5 text-xs font-semibold text-ink/80">
              {t(`catalog.status.${product.status}`)}
            </span>
          ) : null}
          {thread.role === "seller" ? (
            <Link
              to={`${localePath("accountMessages", locale)}?product=${product.id}`}
              className="text-xs font-semibold text-primary-dark underline underline-offset-2"
              data-testid="thread-product-all"
            >
              {t("messages.thread.allAboutProduct")}
            </Link>
          ) : null}
        </p>
      </div>
    </div>
  );
}

/** Sold to this buyer (the seller of a classified, unless a payment request's deal holds it), and the rating after the deal. */
function DealPanel({ thread, held }: { thread: ThreadView; held: boolean }) {
  const { t, locale } = useTranslation();
  const deal = thread.deal;
  const other = thread.other?.username ?? t("messages.formerUser");
  if (!deal || !thread.product) return null;
  // An accepted payment request's deal holds the listing: it is sold by that deal, not by hand.
  if (deal.canMarkSold && !held)
    return (
      <Form
        method="post"
        className="flex flex-col gap-3 border-b border-line px-4 py-3 text-sm tablet:flex-row tablet:items-center tablet:px-5"
        data-testid="deal-mark-sold"
      >
        <input type="hidden" name="intent" value="sold" />
        <p className="min-w-0 flex-1 text-muted">{t("messages.deal.markSoldLead", { name: other })}</p>
        <button
          type="submit"
          className={`${SMALL_BUTTON} border border-primary-dark bg-white text-primary-dark hover:bg-light`}
          onClick={(event) => {
            if (!window.confirm(t("messages.deal.markSoldConfirm", { name: other }))) event.preventDefault();
          }}
        >
          {t("messages.deal.markSold")}
        </button>
      </Form>
    );
  if (!deal.done) return null;
  return (
    <div
      className="flex flex-col gap-3 border-b border-line bg-secondary/10 px-4 py-3 text-sm tablet:flex-row tablet:items-center tablet:px-5"
      data-testid="deal-done"
    >
      <p className="min-w-0 flex-1">
        {deal.reviewed
          ? t("messages.deal.reviewed", { name: other })
          : t("messages.deal.done", { name: other })}
      </p>
      {deal.canReview ? (
        <Link
          to={localePath("accountReviewForm", locale, { productId: thread.product.id })}
          className={`${SMALL_BUTTON} bg-primary-dark text-white hover:bg-primary`}
          data-testid="deal-review"
        >
          {t("messages.deal.review", { name: other })}
        </Link>
      ) : null}
    </div>
  );
}

/** Block or unblock the other participant; delete the thread from the inbox. */
function ThreadMenu({ thread }: { thread: ThreadView }) {
  const { t } = useTranslation();
  const other = thread.other!;
  return (
    <details className="relative" data-testid="thread-menu">
      <summary className="inline-flex size-10 cursor-pointer list-none items-center justify-center rounded-full text-xl text-primary-dark hover:bg-light focus-visible:outline-2 focus-visible:outline-primary-dark [&::-webkit-details-marker]:hidden">
        <span aria-hidden="true">⋯</span>
        <span className="sr-only">{t("messages.thread.menu")}</span>
      </summary>
      <div className="absolute top-11 right-0 z-10 flex w-64 flex-col gap-1 rounded-xl bg-white p-2 shadow-lg ring-1 ring-line">
        <Form method="post">
          <input type="hidden" name="intent" value={thread.blocked ? "unblock" : "block"} />
          <input type="hidden" name="userId" value={other.id} />
          <button
            type="submit"
            className="w-full rounded-lg px-3 py-2.5 text-left text-sm hover:bg-light"
            data-testid={thread.blocked ? "thread-unblock" : "thread-block"}
            onClick={(event) => {
              if (
                !thread.blocked &&
                !window.confirm(t("messages.thread.blockConfirm", { name: other.username ?? "" }))
              )
                event.preventDefault();
            }}
          >
            {thread.blocked ? t("messages.thread.unblock") : t("messages.thread.block")}
          </button>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <button
            type="submit"
            className="w-full rounded-lg px-3 py-2.5 text-left text-sm text-danger hover:bg-danger/5"
            data-testid="thread-delete"
            onClick={(event) => {
              if (!window.confirm(t("messages.thread.deleteConfirm"))) event.preventDefault();
            }}
          >
            {t("messages.thread.delete")}
          </button>
        </Form>
      </div>
    </details>
  );
}
