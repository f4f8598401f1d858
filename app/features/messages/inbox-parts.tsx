import { Link, useSearchParams } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { ThreadFilter, ThreadPage } from "#core/contracts/messages.ts";
import { localePath } from "#core/i18n/paths.ts";
import { ThreadFilters } from "./thread-list.tsx";

/** The parts of the inbox page (app/routes/account/messages.tsx) around its list and thread. */

/** The list's own query (filter, page, product), kept on its links and beside an open thread. */
export function listQuery(filter: ThreadFilter, page: number, productId: number | null) {
  const search = new URLSearchParams();
  if (filter !== "all") search.set("filter", filter);
  if (page > 1) search.set("page", String(page));
  if (productId !== null) search.set("product", String(productId));
  const text = search.toString();
  return text ? `?${text}` : "";
}

const LINK = "text-primary-dark underline underline-offset-4";

/** The title with the links to reviews, watchdogs and settings; the filters; what was just done. */
export function InboxHeading({
  list,
  productName,
  hrefFor,
}: {
  list: ThreadPage;
  productName: string | null;
  hrefFor: (filter: ThreadFilter) => string;
}) {
  const { t, locale } = useTranslation();
  const [search] = useSearchParams();
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
        <div>
          <h1 className="font-serif text-3xl text-primary-dark tablet:text-4xl">{t("messages.title")}</h1>
          <p className="mt-1 max-w-2xl text-muted">{t("messages.lead")}</p>
        </div>
        <nav aria-label={t("messages.more")} className="flex flex-wrap gap-x-4 gap-y-1 text-sm font-semibold">
          <Link to={localePath("accountReviews", locale)} className={LINK}>
            {t("messages.links.reviews")}
          </Link>
          <Link to={localePath("accountWatchdogs", locale)} className={LINK}>
            {t("messages.links.watchdogs")}
          </Link>
          <Link to={localePath("accountNotifications", locale)} className={LINK}>
            {t("messages.links.settings")}
          </Link>
        </nav>
      </div>
      <div className="mt-5">
        <ThreadFilters filter={list.filter} hrefFor={hrefFor} />
      </div>
      {search.get("deleted") === "1" ? (
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
          <Link to={hrefFor(list.filter)} className={LINK}>
            {t("messages.list.productFilterClear")}
          </Link>
        </p>
      ) : null}
    </>
  );
}

/** No threads at all (with a way to the catalogue), or none under the chosen filter. */
export function InboxEmpty({ list }: { list: ThreadPage }) {
  const { t, locale } = useTranslation();
  const all = list.filter === "all" && list.productId === null;
  return (
    <div className="px-6 py-12 text-center" data-testid="messages-empty">
      <p className="font-serif text-xl text-primary-dark">
        {all ? t("messages.empty.title") : t("messages.empty.filtered")}
      </p>
      <p className="mx-auto mt-2 max-w-sm text-sm text-muted">
        {all ? t("messages.empty.lead") : t("messages.empty.filteredLead")}
      </p>
      {all ? (
        <Link
          to={localePath("home", locale)}
          className="mt-5 inline-flex min-h-11 items-center rounded bg-primary-dark px-5 font-semibold text-white hover:bg-primary"
        >
          {t("messages.empty.browse")}
        </Link>
      ) : null}
    </div>
  );
}

/** Newer and older pages of the list. */
export function ListPages({ list, hrefFor }: { list: ThreadPage; hrefFor: (page: number) => string }) {
  const { t } = useTranslation();
  if (list.pages <= 1) return null;
  return (
    <nav
      aria-label={t("messages.list.pages")}
      className="flex items-center justify-between border-t border-line px-4 py-3 text-sm"
    >
      {list.page > 1 ? (
        <Link to={hrefFor(list.page - 1)} className="font-semibold text-primary-dark">
          ← {t("messages.list.newer")}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-muted">
        {list.page} / {list.pages}
      </span>
      {list.page < list.pages ? (
        <Link to={hrefFor(list.page + 1)} className="font-semibold text-primary-dark">
          {t("messages.list.older")} →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** Beside the list on wide screens while no thread is open. */
export function ThreadPlaceholder() {
  const { t } = useTranslation();
  return (
    <div className="m-auto max-w-xs px-6 py-16 text-center text-muted" data-testid="thread-placeholder">
      <p className="font-serif text-xl text-primary-dark">{t("messages.placeholder.title")}</p>
      <p className="mt-2 text-sm">{t("messages.placeholder.lead")}</p>
    </div>
  );
}
