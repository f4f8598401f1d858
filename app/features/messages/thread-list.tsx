import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { ThreadFilter, ThreadSummary } from "#core/contracts/messages.ts";
import { localePath } from "#core/i18n/paths.ts";
import { fullWhen, shortWhen, ThreadPicture } from "./parts.tsx";

/**
 * The inbox's list of threads: picture, the other party (or the system), the product, the last
 * message with its time, and the unread count. The open thread is marked.
 */
export function ThreadList({
  items,
  activeId,
  query,
  serverNow,
}: {
  items: ThreadSummary[];
  activeId: number | null;
  /** The list's query (filter, page) kept on the links, so the list stays as it was beside a thread. */
  query: string;
  serverNow: string;
}) {
  return (
    <ul className="divide-y divide-line" data-testid="thread-list">
      {items.map((thread) => (
        <li key={thread.id}>
          <ThreadRow thread={thread} active={thread.id === activeId} query={query} serverNow={serverNow} />
        </li>
      ))}
    </ul>
  );
}

type RowProps = { thread: ThreadSummary; active: boolean; query: string; serverNow: string };

/** One thread: a link to it, its picture and what the row says about it. */
function ThreadRow({ thread, active, query, serverNow }: RowProps) {
  const { locale } = useTranslation();
  const unread = thread.unread > 0;
  return (
    <Link
      to={`${localePath("accountMessageThread", locale, { threadId: thread.id })}${query}`}
      aria-current={active ? "page" : undefined}
      className={`flex gap-3 px-4 py-3.5 transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary-dark ${
        active ? "bg-secondary/15" : unread ? "bg-white hover:bg-light" : "hover:bg-light"
      }`}
      data-testid="thread-row"
      data-thread-id={thread.id}
      data-unread={unread || undefined}
    >
      <ThreadPicture product={thread.product} system={thread.kind === "system"} size="size-12" />
      <ThreadRowText thread={thread} serverNow={serverNow} />
    </Link>
  );
}

/** The other party (or the system) and when, the product, the last message and the unread count. */
function ThreadRowText({ thread, serverNow }: { thread: ThreadSummary; serverNow: string }) {
  const { t, locale } = useTranslation();
  const system = thread.kind === "system";
  const name = system ? t("messages.system") : (thread.other?.username ?? t("messages.formerUser"));
  const unread = thread.unread > 0;
  return (
    <span className="flex min-w-0 flex-1 flex-col gap-0.5">
      <span className="flex items-baseline justify-between gap-2">
        <span className={`truncate ${unread ? "font-bold text-ink" : "font-semibold text-ink/90"}`}>
          {name}
          {thread.blocked ? (
            <span className="ml-2 rounded bg-danger/10 px-1.5 py-0.5 text-[0.7rem] font-semibold text-danger">
              {t("messages.list.blocked")}
            </span>
          ) : null}
        </span>
        {thread.last ? (
          <time
            dateTime={thread.last.at}
            title={fullWhen(thread.last.at, locale)}
            className={`shrink-0 text-xs tabular-nums ${unread ? "font-semibold text-primary-dark" : "text-muted"}`}
            suppressHydrationWarning
          >
            {shortWhen(thread.last.at, locale, serverNow)}
          </time>
        ) : null}
      </span>
      {thread.product && !system ? (
        <span className="truncate text-xs text-muted">
          {thread.role === "seller" ? t("messages.list.yourItem") : t("messages.list.about")}{" "}
          {thread.product.name}
        </span>
      ) : null}
      <span className="flex items-center justify-between gap-2">
        <span className={`line-clamp-1 text-sm ${unread ? "font-semibold text-ink" : "text-muted"}`}>
          {thread.last
            ? `${thread.last.mine ? `${t("messages.list.you")}: ` : ""}${thread.last.text}`
            : t("messages.list.noMessages")}
        </span>
        {unread ? (
          <span
            className="min-w-6 shrink-0 rounded-full bg-secondary px-1.5 text-center text-xs leading-6 font-bold text-ink"
            data-testid="thread-unread"
          >
            <span className="sr-only">{t("messages.list.unread")}: </span>
            {thread.unread}
          </span>
        ) : null}
      </span>
    </span>
  );
}

/** The filter tabs of the inbox (links: they work without scripts and keep their own address). */
export function ThreadFilters({
  filter,
  hrefFor,
}: {
  filter: ThreadFilter;
  hrefFor: (filter: ThreadFilter) => string;
}) {
  const { t } = useTranslation();
  const filters: ThreadFilter[] = ["all", "unread", "buying", "selling", "system"];
  return (
    <nav aria-label={t("messages.filters.label")}>
      <ul className="flex flex-wrap gap-2">
        {filters.map((name) => (
          <li key={name} className="shrink-0">
            <Link
              to={hrefFor(name)}
              aria-current={name === filter ? "page" : undefined}
              className={`inline-flex min-h-10 items-center rounded-full px-4 text-sm font-semibold whitespace-nowrap ring-1 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-dark ${
                name === filter
                  ? "bg-primary-dark text-white ring-primary-dark"
                  : "bg-white text-ink ring-line hover:ring-primary-dark"
              }`}
              data-testid={`filter-${name}`}
            >
              {t(`messages.filters.${name}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
