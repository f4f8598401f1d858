import { useEffect, useRef } from "react";
import { data, redirect, useNavigation, useRevalidator } from "react-router";
import { appContext } from "#app/context.ts";
import {
  InboxEmpty,
  InboxHeading,
  ListPages,
  listQuery,
  ThreadPlaceholder,
} from "#app/features/messages/inbox-parts.tsx";
import type { ThreadActionData } from "#app/features/messages/thread-actions.ts";
import { ThreadList } from "#app/features/messages/thread-list.tsx";
import { ThreadPane } from "#app/features/messages/thread-pane.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { named } from "#app/middleware.server.ts";
import { type FormReply, parseForm } from "#app/ui/forms/conform.ts";
import { useThreadEvents } from "#app/ui/live-counts.ts";
import { parsePathId } from "#app/ui/seo/canonical.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { listingRefusalMessage, listingRefusalStatus } from "#core/contracts/listing-refusals.ts";
import { isThreadFilter, type ThreadFilter } from "#core/contracts/messages.ts";
import { type MessageKey, translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { ThreadActionSchema } from "#core/schemas/messages.ts";
import { translateProblems } from "#core/validation/field-errors.ts";
import type { Route } from "./+types/messages";
import { isRequestIntent, requestAction } from "./messages-request.server.ts";

/**
 * The inbox (`/ucet/zpravy`) and one of its threads (`/ucet/zpravy/:threadId`): the thread list
 * with its filters beside the open thread on wide screens, one or the other on phones (a list and
 * a detail page). Opening a thread marks it read; new messages arrive live (the user's event
 * stream reloads the open thread, the bell follows on its own).
 */
export const middleware = named("auth");

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("messages.title"), noindex: true }));
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services, user, locale } = context.get(appContext);
  const me = user!.id;
  const url = new URL(request.url);
  const filterParam = url.searchParams.get("filter");
  const filter: ThreadFilter = isThreadFilter(filterParam) ? filterParam : "all";
  const pageParam = Number(url.searchParams.get("page") ?? 1);
  const productId = parsePathId(url.searchParams.get("product") ?? undefined);
  let thread = null;
  if (params.threadId !== undefined) {
    const id = parsePathId(params.threadId);
    thread = id === null ? null : await services.messages.thread(me, id, locale);
    if (!thread) throw data(null, { status: 404 });
    // Opening marks it read; the view still shows what was new until now.
    if (thread.messages.some((message) => message.unread)) await services.messages.markRead(me, thread.id);
  }
  const requests =
    thread?.kind === "conversation" ? await services.paymentRequests.list(thread.id, me) : null;
  const list = await services.messages.threads(
    me,
    { filter, page: Number.isFinite(pageParam) ? pageParam : 1, productId },
    locale,
  );
  const productName =
    productId === null
      ? null
      : (list.items.find((item) => item.product?.id === productId)?.product?.name ?? null);
  return {
    list,
    thread,
    requests,
    productName,
    query: listQuery(list.filter, list.page, list.productId),
    serverNow: new Date().toISOString(),
  };
}

/**
 * The open thread's forms, read through core/schemas/messages.ts: a reply (its field errors back
 * to the reply box), a report, blocking, deleting the thread, marking the item sold.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { services, user, locale } = context.get(appContext);
  const threadId = parsePathId(params.threadId);
  if (threadId === null) throw data(null, { status: 404 });
  const form = await request.formData();
  const intent = form.get("intent");
  if (isRequestIntent(intent)) return requestAction(context, threadId, intent, form);
  const submission = parseForm(form, ThreadActionSchema, locale);
  if (submission.status !== "success") {
    if (submission.payload.intent === "reply")
      return data<ThreadActionData>(
        { intent: "reply", ok: false, result: submission.reply() as FormReply },
        { status: 422 },
      );
    // A report of no message in particular finds none; any other intent is no form of this page.
    throw data(null, { status: submission.payload.intent === "report" ? 404 : 400 });
  }
  const input = submission.value;
  const me = user!;
  const t = (key: MessageKey, values?: Record<string, string | number>) => translate(locale, key, values);
  switch (input.intent) {
    case "reply": {
      const result = await services.messages.send(me.id, threadId, input.body);
      if (result.ok) return { intent: "reply", ok: true } satisfies ThreadActionData;
      if (result.code === "not_found") throw data(null, { status: 404 });
      const refused = result.code !== "invalid";
      const fieldErrors =
        result.code === "invalid"
          ? translateProblems(locale, result.details.problems)
          : { body: [t(`messages.errors.${result.code}`)] };
      return data<ThreadActionData>(
        { intent: "reply", ok: false, result: submission.reply({ fieldErrors }) as FormReply },
        { status: refused ? 403 : 422 },
      );
    }
    case "report": {
      const result = await services.messages.report(me.id, input.messageId, input.reason ?? "");
      if (result === "not_found") throw data(null, { status: 404 });
      const ok = result === "reported";
      const message = ok ? t("messages.thread.reported") : t("messages.errors.reportOwn");
      return data<ThreadActionData>(
        { intent: "report", ok, messageId: input.messageId, message },
        { status: ok ? 200 : 403 },
      );
    }
    case "delete": {
      if (!(await services.messages.deleteThread(me.id, threadId))) throw data(null, { status: 404 });
      throw redirect(`${localePath("accountMessages", locale)}?deleted=1`);
    }
    default:
      return otherPartyAction(context, threadId, input.intent);
  }
}

/** Blocking or unblocking the thread's other participant, or marking the item sold to them. */
async function otherPartyAction(
  context: Route.ActionArgs["context"],
  threadId: number,
  intent: "block" | "unblock" | "sold",
) {
  const { services, user, locale } = context.get(appContext);
  const me = user!;
  const view = await services.messages.thread(me.id, threadId, locale);
  if (!view?.other) throw data(null, { status: 404 });
  const name = view.other.username ?? "";
  if (intent !== "sold") {
    const done =
      intent === "block"
        ? await services.messages.block(me.id, view.other.id)
        : await services.messages.unblock(me.id, view.other.id);
    const key = intent === "block" ? "messages.thread.blocked" : "messages.thread.unblocked";
    return { intent, ok: done, message: translate(locale, key, { name }) } satisfies ThreadActionData;
  }
  if (view.role !== "seller" || !view.product) throw data(null, { status: 404 });
  const result = await services.listings.markSold(me, view.product.id, view.other.id);
  if (!result.ok && result.code === "not_found") throw data(null, { status: 404 });
  if (!result.ok) {
    const message = listingRefusalMessage(locale, result.code);
    return data<ThreadActionData>(
      { intent, ok: false, message },
      { status: listingRefusalStatus(result.code) },
    );
  }
  return {
    intent,
    ok: true,
    message: translate(locale, "messages.deal.sold", { name }),
  } satisfies ThreadActionData;
}

export default function MessagesPage({ loaderData, actionData, params }: Route.ComponentProps) {
  const { locale } = useTranslation();
  const { list, thread, requests, query, serverNow, productName } = loaderData;
  const open = params.threadId !== undefined;
  const base = localePath("accountMessages", locale);
  const result = actionData as ThreadActionData | undefined;
  const notice =
    result && result.intent !== "reply" && result.intent !== "report" && result.message ? result : null;
  useLiveReload();
  const hrefFor = (filter: ThreadFilter) => `${base}${listQuery(filter, 1, list.productId)}`;
  const pageHref = (page: number) => `${base}${listQuery(list.filter, page, list.productId)}`;
  const bare = list.total === 0 && !thread;
  return (
    <section data-testid="messages-page" data-open={open || undefined}>
      <div className={open ? "hidden widescreen:block" : undefined}>
        <InboxHeading list={list} productName={productName} hrefFor={hrefFor} />
      </div>
      <div
        className={`overflow-hidden rounded-2xl bg-white ring-1 ring-line ${
          open ? "widescreen:mt-5" : "mt-5"
        } ${bare ? "" : "widescreen:grid widescreen:min-h-[32rem] widescreen:grid-cols-[20rem_minmax(0,1fr)]"}`}
      >
        <div
          className={`min-w-0 ${bare ? "" : "widescreen:border-r widescreen:border-line"} ${open ? "hidden widescreen:block" : ""}`}
          data-testid="thread-list-pane"
        >
          {list.total === 0 ? (
            <InboxEmpty list={list} />
          ) : (
            <ThreadList
              items={list.items}
              activeId={thread?.id ?? null}
              query={query}
              serverNow={serverNow}
            />
          )}
          <ListPages list={list} hrefFor={pageHref} />
        </div>
        <div
          className={`min-w-0 ${open ? "" : "hidden"} ${bare ? "" : "widescreen:flex widescreen:flex-col"}`}
        >
          {thread ? (
            <ThreadPane
              key={thread.id}
              thread={thread}
              backHref={`${base}${query}`}
              notice={notice ? { ok: notice.ok, message: notice.message } : null}
              requests={requests}
              requestForm={result?.intent === "request" && result.errors ? result : null}
            />
          ) : (
            <ThreadPlaceholder />
          )}
        </div>
      </div>
    </section>
  );
}

/**
 * A message in the open thread, or any change while the list alone is shown, reloads the page
 * (with it the root loader's counts). An event that comes during a navigation waits for its end:
 * reloading then could hold up the visitor's click, and the loaders already running may have
 * read the counts before the change (opening a thread marks it read in parallel with them).
 */
function useLiveReload() {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const reloadPending = useRef(false);
  useThreadEvents((threadId) => {
    if (threadId === null) return;
    if (revalidator.state === "idle" && navigation.state === "idle") void revalidator.revalidate();
    else reloadPending.current = true;
  });
  useEffect(() => {
    if (!reloadPending.current || navigation.state !== "idle" || revalidator.state !== "idle") return;
    reloadPending.current = false;
    void revalidator.revalidate();
  }, [navigation.state, revalidator]);
}
