import { useEffect, useRef } from "react";
import { data, Link, redirect, useNavigation, useRevalidator, useSearchParams } from "react-router";
import { useThreadEvents } from "#app/components/header/live-counts.ts";
import { ThreadFilters, ThreadList } from "#app/components/messages/thread-list.tsx";
import { type ThreadActionData, ThreadPane } from "#app/components/messages/thread-pane.tsx";
import { parsePathId } from "#app/components/seo/canonical.ts";
import { pageMeta } from "#app/components/seo/page-meta.ts";
import { appContext } from "#app/context.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { named } from "#app/middleware.server.ts";
import { isThreadFilter, type ThreadFilter } from "#core/contracts/messages.ts";
import { type MessageKey, translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { Route } from "./+types/messages";

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

/** The list's own query (filter, page, product), kept on its links and beside an open thread. */
function listQuery(filter: ThreadFilter, page: number, productId: number | null) {
  const search = new URLSearchParams();
  if (filter !== "all") search.set("filter", filter);
  if (page > 1) search.set("page", String(page));
  if (productId !== null) search.set("product", String(productId));
  const text = search.toString();
  return text ? `?${text}` : "";
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
    productName,
    query: listQuery(list.filter, list.page, list.productId),
    serverNow: new Date().toISOString(),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { services, user, locale } = context.get(appContext);
  const me = user!.id;
  const threadId = parsePathId(params.threadId);
  if (threadId === null) throw data(null, { status: 404 });
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const t = (key: MessageKey, values?: Record<string, string | number>) => translate(locale, key, values);
  switch (intent) {
    case "reply": {
      const result = await services.messages.send(me, threadId, String(form.get("body") ?? ""), locale);
      if (result.status === "not_found") throw data(null, { status: 404 });
      if (result.status === "invalid")
        return data<ThreadActionData>({ intent, ok: false, errors: result.errors }, { status: 422 });
      if (result.status === "refused")
        return data<ThreadActionData>(
          { intent, ok: false, message: t(`messages.errors.${result.reason}`) },
          { status: 403 },
        );
      return { intent, ok: true } satisfies ThreadActionData;
    }
    case "report": {
      const messageId = Number(form.get("messageId"));
      const result = await services.messages.report(me, messageId, String(form.get("reason") ?? ""));
      if (result === "not_found") throw data(null, { status: 404 });
      return data<ThreadActionData>(
        {
          intent,
          ok: result === "reported",
          messageId,
          message: result === "reported" ? t("messages.thread.reported") : t("messages.errors.reportOwn"),
        },
        { status: result === "reported" ? 200 : 403 },
      );
    }
    case "block":
    case "unblock": {
      const view = await services.messages.thread(me, threadId, locale);
      if (!view?.other) throw data(null, { status: 404 });
      const done =
        intent === "block"
          ? await services.messages.block(me, view.other.id)
          : await services.messages.unblock(me, view.other.id);
      return {
        intent,
        ok: done,
        message: t(intent === "block" ? "messages.thread.blocked" : "messages.thread.unblocked", {
          name: view.other.username ?? "",
        }),
      } satisfies ThreadActionData;
    }
    case "delete": {
      if (!(await services.messages.deleteThread(me, threadId))) throw data(null, { status: 404 });
      throw redirect(`${localePath("accountMessages", locale)}?deleted=1`);
    }
    case "sold": {
      const view = await services.messages.thread(me, threadId, locale);
      if (view?.role !== "seller" || !view.product || !view.other) throw data(null, { status: 404 });
      const result = await services.listings.markSold(user!, view.product.id, view.other.id, locale);
      if (result.status === "not_found") throw data(null, { status: 404 });
      if (result.status === "refused")
        return data<ThreadActionData>({ intent, ok: false, message: result.message }, { status: 409 });
      return {
        intent,
        ok: true,
        message: t("messages.deal.sold", { name: view.other.username ?? "" }),
      } satisfies ThreadActionData;
    }
    default:
      throw data(null, { status: 400 });
  }
}

export default function MessagesPage({ loaderData, actionData, params }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const { list, thread, query, serverNow, productName } = loaderData;
  const revalidator = useRevalidator();
  const open = params.threadId !== undefined;
  const base = localePath("accountMessages", locale);
  const result = actionData as ThreadActionData | undefined;
  const notice = result && result.intent !== "reply" && result.intent !== "report" ? result : null;
  const [search] = useSearchParams();
  const deleted = search.get("deleted") === "1";

  // A message in the open thread, or any change while the list alone is shown, reloads the page
  // (with it the root loader's counts). An event that comes during a navigation waits for its end:
  // reloading then could hold up the visitor's click, and the loaders already running may have
  // read the counts before the change (opening a thread marks it read in parallel with them).
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

  const hrefFor = (filter: ThreadFilter) => `${base}${listQuery(filter, 1, list.productId)}`;
  const empty = list.total === 0;

  return (
    <section data-testid="messages-page" data-open={open || undefined}>
      <div className={open ? "hidden widescreen:block" : undefined}>
        <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
          <div>
            <h1 className="font-serif text-3xl text-primary-dark tablet:text-4xl">{t("messages.title")}</h1>
            <p className="mt-1 max-w-2xl text-muted">{t("messages.lead")}</p>
          </div>
          <nav
            aria-label={t("messages.more")}
            className="flex flex-wrap gap-x-4 gap-y-1 text-sm font-semibold"
          >
            <Link
              to={localePath("accountReviews", locale)}
              className="text-primary-dark underline underline-offset-4"
            >
              {t("messages.links.reviews")}
            </Link>
            <Link
              to={localePath("accountWatchdogs", locale)}
              className="text-primary-dark underline underline-offset-4"
            >
              {t("messages.links.watchdogs")}
            </Link>
            <Link
              to={localePath("accountNotifications", locale)}
              className="text-primary-dark underline underline-offset-4"
            >
              {t("messages.links.settings")}
            </Link>
          </nav>
        </div>
        <div className="mt-5">
          <ThreadFilters filter={list.filter} hrefFor={hrefFor} />
        </div>
        {deleted ? (
          <p
            role="status"
            className="mt-3 rounded-lg bg-success/10 px-3 py-2 text-sm text-[#1f5c44]"
            data-testid="thread-deleted"
          >
            {t("messages.deleted")}
          </p>
        ) : null}
        {list.productId !== null ? (
          <p className="mt-3 flex flex-wrap items-center gap-2 text-sm" data-testid="product-filter">
            <span className="rounded-full bg-secondary/20 px-3 py-1 font-semibold">
              {t("messages.list.productFilter", { name: productName ?? `#${list.productId}` })}
            </span>
            <Link to={hrefFor(list.filter)} className="text-primary-dark underline underline-offset-4">
              {t("messages.list.productFilterClear")}
            </Link>
          </p>
        ) : null}
      </div>

      <div
        className={`overflow-hidden rounded-2xl bg-white ring-1 ring-line ${
          open ? "widescreen:mt-5" : "mt-5"
        } ${empty && !thread ? "" : "widescreen:grid widescreen:min-h-[32rem] widescreen:grid-cols-[20rem_minmax(0,1fr)]"}`}
      >
        <div
          className={`min-w-0 ${empty && !thread ? "" : "widescreen:border-r widescreen:border-line"} ${open ? "hidden widescreen:block" : ""}`}
          data-testid="thread-list-pane"
        >
          {empty ? (
            <div className="px-6 py-12 text-center" data-testid="messages-empty">
              <p className="font-serif text-xl text-primary-dark">
                {list.filter === "all" && list.productId === null
                  ? t("messages.empty.title")
                  : t("messages.empty.filtered")}
              </p>
              <p className="mx-auto mt-2 max-w-sm text-sm text-muted">
                {list.filter === "all" && list.productId === null
                  ? t("messages.empty.lead")
                  : t("messages.empty.filteredLead")}
              </p>
              {list.filter === "all" && list.productId === null ? (
                <Link
                  to={localePath("home", locale)}
                  className="mt-5 inline-flex min-h-11 items-center rounded bg-primary-dark px-5 font-semibold text-white hover:bg-primary"
                >
                  {t("messages.empty.browse")}
                </Link>
              ) : null}
            </div>
          ) : (
            <ThreadList
              items={list.items}
              activeId={thread?.id ?? null}
              query={query}
              serverNow={serverNow}
            />
          )}
          {list.pages > 1 ? (
            <nav
              aria-label={t("messages.list.pages")}
              className="flex items-center justify-between border-t border-line px-4 py-3 text-sm"
            >
              {list.page > 1 ? (
                <Link
                  to={`${base}${listQuery(list.filter, list.page - 1, list.productId)}`}
                  className="font-semibold text-primary-dark"
                >
                  ← {t("messages.list.newer")}
                </Link>
              ) : (
                <span />
              )}
              <span className="text-muted">
                {list.page} / {list.pages}
              </span>
              {list.page < list.pages ? (
                <Link
                  to={`${base}${listQuery(list.filter, list.page + 1, list.productId)}`}
                  className="font-semibold text-primary-dark"
                >
                  {t("messages.list.older")} →
                </Link>
              ) : (
                <span />
              )}
            </nav>
          ) : null}
        </div>
        <div
          className={`min-w-0 ${open ? "" : "hidden"} ${empty && !thread ? "" : "widescreen:flex widescreen:flex-col"}`}
        >
          {thread ? (
            <ThreadPane
              key={thread.id}
              thread={thread}
              backHref={`${base}${query}`}
              notice={notice ? { ok: notice.ok, message: notice.message } : null}
            />
          ) : (
            <div
              className="m-auto max-w-xs px-6 py-16 text-center text-muted"
              data-testid="thread-placeholder"
            >
              <p className="font-serif text-xl text-primary-dark">{t("messages.placeholder.title")}</p>
              <p className="mt-2 text-sm">{t("messages.placeholder.lead")}</p>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
